import { KeyUnavailableError } from '../errors';
import type { SigningKeyPair } from './SigningKeyPair';
import type { VerificationKey } from './VerificationKey';

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
    for (const key of alsoPublished) keys.set(key.kid, key);
    keys.set(pair.kid, verificationKeyOf(pair));
    this.active = pair;
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

  hasAnyKey(): boolean {
    return this.verification.size > 0;
  }

  /** Every key verifiers should know: next, active and retiring. */
  publishedKeys(): VerificationKey[] {
    return [...this.verification.values()];
  }
}

export function verificationKeyOf(pair: SigningKeyPair): VerificationKey {
  return Object.freeze({ kid: pair.kid, method: pair.method, algorithms: [pair.alg], material: pair.publicKey });
}
