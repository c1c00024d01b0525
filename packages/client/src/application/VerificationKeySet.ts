import type { VerificationKey } from '../domain/model/VerificationKey';

/** Where a set came from: the JWKS, the authenticated key list (hmac), or the one-key endpoint. */
export type KeySetOrigin = 'jwks' | 'list' | 'key';

/**
 * The keys a client holds, by kid, immutable. `with…` return the same set when
 * nothing changed and reuse unchanged key objects, so caches keyed by identity
 * (parsed keys, verified tokens) survive a refresh that brings nothing new.
 */
export class VerificationKeySet {
  static readonly EMPTY = new VerificationKeySet(new Map(), null, null);

  private constructor(
    private readonly byKid: ReadonlyMap<string, VerificationKey>,
    /** The key for tokens without kid: the seed key, or a published set's only key. */
    readonly primary: VerificationKey | null,
    readonly origin: KeySetOrigin | null,
  ) {}

  get size(): number {
    return this.byKid.size;
  }

  kids(): string[] {
    return [...this.byKid.keys()];
  }

  keyFor(kid: string | undefined): VerificationKey | undefined {
    return kid === undefined ? (this.primary ?? undefined) : this.byKid.get(kid);
  }

  /** The seed endpoint's one key replaces the whole set. */
  withSeedKey(key: VerificationKey): VerificationKeySet {
    const kept = this.reuse(key);
    if (this.origin === 'key' && this.primary === kept) return this;
    return new VerificationKeySet(new Map([[kept.kid, kept]]), kept, 'key');
  }

  /**
   * A published set replaces the whole set: keys no longer published (retired,
   * revoked) are gone. A key list names the active key first: it checks tokens
   * without kid; in a JWKS only a lone key does.
   */
  withSet(keys: readonly VerificationKey[], origin: 'jwks' | 'list' = 'jwks'): VerificationKeySet {
    const byKid = new Map<string, VerificationKey>();
    for (const key of keys) byKid.set(key.kid, this.reuse(key));
    const first = byKid.get(keys[0]?.kid) ?? null;
    const primary = origin === 'list' || byKid.size === 1 ? first : null;
    const unchanged =
      this.origin === origin && this.primary === primary && byKid.size === this.byKid.size && [...byKid].every(([kid, key]) => this.byKid.get(kid) === key);
    if (unchanged) return this;
    return new VerificationKeySet(byKid, primary, origin);
  }

  private reuse(key: VerificationKey): VerificationKey {
    const known = this.byKid.get(key.kid);
    const same = known !== undefined && known.material === key.material && known.algorithms.join() === key.algorithms.join();
    return same ? known : key;
  }
}
