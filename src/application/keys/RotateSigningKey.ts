import type { KeySummary } from '../../domain/model/ManagedSigningKey';
import type { Clock } from '@auth-service/client';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { KeyLifecycleStore } from '../../domain/ports/KeyLifecycleStore';
import type { KeyPairGenerator } from '../../domain/ports/KeyPairGenerator';
import type { KeyRotationPolicy } from './KeyRotationPolicy';

export interface RotateSigningKeyResult {
  /** False when a next key already existed (another instance or an earlier call made it). */
  readonly created: boolean;
  readonly next: KeySummary | null;
}

/**
 * Starts a rotation: a new key is published now as `next` and starts signing
 * `publishAheadSeconds` later, so every verifier has it before it sees a token
 * signed with it.
 */
export class RotateSigningKey {
  constructor(
    private readonly store: KeyLifecycleStore,
    private readonly generator: KeyPairGenerator,
    private readonly clock: Clock,
    private readonly policy: KeyRotationPolicy,
    private readonly trail: AuditTrail,
  ) {}

  async execute(): Promise<RotateSigningKeyResult> {
    const existing = await this.nextKey();
    if (existing) return { created: false, next: existing };
    const now = this.clock.now();
    const material = await this.generator.generate(this.policy.method, this.policy.alg);
    const created = await this.store.insertNextIfAbsent(
      { ...material, method: this.policy.method, alg: this.policy.alg, createdAt: now },
      new Date(now.getTime() + this.policy.publishAheadSeconds * 1000),
    );
    // Only the instance whose key went in: racing instances record one rotation.
    if (created) this.trail.record({ type: 'key.rotated', outcome: 'success', details: { kid: material.kid, method: this.policy.method, alg: this.policy.alg } });
    return { created, next: await this.nextKey() };
  }

  private async nextKey(): Promise<KeySummary | null> {
    const keys = await this.store.describeKeys();
    return keys.find((key) => key.method === this.policy.method && key.state === 'next') ?? null;
  }
}
