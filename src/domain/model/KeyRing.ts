import { KeyUnavailableError } from '../errors';
import type { SigningKeyPair } from './SigningKeyPair';
import type { VerificationKey } from '@auth-service/client';

/**
 * The auth service's in-memory keys: the one pair it signs with, and the keys a
 * token may be verified against (the active one, plus any published beside it).
 * Entries are immutable objects, replaced whole, so adapters may cache parsed
 * keys by object identity.
 */
export class KeyRing {
  private active: SigningKeyPair | null = null;
  private verification = new Map<string, VerificationKey>();

  activate(pair: SigningKeyPair, alsoPublished: readonly VerificationKey[] = []): void {
    const keys = new Map<string, VerificationKey>();
    for (const key of [...alsoPublished, verificationKeyOf(pair)]) keys.set(key.kid, this.unchangedOrNew(key));
    // Keep the same objects for unchanged keys: adapters cache parsed keys (and
    // verified tokens) by identity, and a periodic reload should not reset them.
    this.active = this.active && samePair(this.active, pair) ? this.active : pair;
    this.verification = keys;
  }

  activeKey(): SigningKeyPair {
    if (!this.active) throw new KeyUnavailableError('no signing key has been loaded');
    return this.active;
  }

  hasActiveKey(): boolean {
    return this.active !== null;
  }

  /** The key for a token's kid; a token without kid is checked against the active key. */
  keyFor(kid: string | undefined): VerificationKey | undefined {
    if (kid === undefined) return this.active ? this.verification.get(this.active.kid) : undefined;
    return this.verification.get(kid);
  }

  private unchangedOrNew(key: VerificationKey): VerificationKey {
    const known = this.verification.get(key.kid);
    const unchanged =
      known !== undefined && known.material === key.material && known.method === key.method && known.algorithms.join() === key.algorithms.join();
    return unchanged ? known : key;
  }

  hasAnyKey(): boolean {
    return this.verification.size > 0;
  }

  /** Every key verifiers should know: next, active and retiring. */
  publishedKeys(): VerificationKey[] {
    return [...this.verification.values()];
  }
}

function samePair(a: SigningKeyPair, b: SigningKeyPair): boolean {
  return a.kid === b.kid && a.alg === b.alg && a.privateKey === b.privateKey && a.publicKey === b.publicKey;
}

export function verificationKeyOf(pair: SigningKeyPair): VerificationKey {
  return Object.freeze({ kid: pair.kid, method: pair.method, algorithms: [pair.alg], material: pair.publicKey });
}
