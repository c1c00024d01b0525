import { KeyNotFoundError } from '../../domain/errors';
import type { KeySummary } from '../../domain/model/ManagedSigningKey';
import type { SigningKeyPair } from '../../domain/model/SigningKeyPair';
import type { Clock } from '@auth-service/client';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { KeyLifecycleStore } from '../../domain/ports/KeyLifecycleStore';
import type { KeyPairGenerator } from '../../domain/ports/KeyPairGenerator';

export interface RevokeSigningKeyInput {
  readonly kid: string;
}

export type RevokeSigningKeyResult = KeySummary;

/**
 * For a leaked key: unpublished at once, so its tokens fail everywhere at the
 * next refresh. If it was signing, the next key takes over immediately, or an
 * emergency key is made (instances pick it up at their next sync).
 */
export class RevokeSigningKey {
  constructor(
    private readonly store: KeyLifecycleStore,
    private readonly generator: KeyPairGenerator,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: RevokeSigningKeyInput): Promise<RevokeSigningKeyResult> {
    // Reading every key with its secrets first proves this process holds the store's
    // encryption key: an emergency key must never be written under a wrong one (or in plaintext).
    await this.store.listKeys();
    const keys = await this.store.describeKeys();
    const target = keys.find((key) => key.kid === input.kid && ['next', 'active', 'retiring'].includes(key.state));
    if (!target) throw new KeyNotFoundError(`no published key has kid ${input.kid}`);
    const now = this.clock.now();
    const needsEmergency = target.state === 'active' && !keys.some((key) => key.method === target.method && key.state === 'next');
    const emergency: SigningKeyPair | null = needsEmergency
      ? { ...(await this.generator.generate(target.method, target.alg)), method: target.method, alg: target.alg, createdAt: now }
      : null;
    const revoked = await this.store.revoke(input.kid, now, emergency);
    if (!revoked) throw new KeyNotFoundError(`no published key has kid ${input.kid}`);
    this.trail.record({
      type: 'key.revoked',
      outcome: 'success',
      details: { kid: target.kid, method: target.method, alg: target.alg, was: target.state, emergencyKey: emergency !== null },
    });
    return revoked;
  }
}
