import type { VerificationKey } from '../domain/model/VerificationKey';

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
    readonly origin: 'jwks' | 'seed' | null,
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
    if (this.origin === 'seed' && this.primary === kept) return this;
    return new VerificationKeySet(new Map([[kept.kid, kept]]), kept, 'seed');
  }

  /** A published set replaces the whole set: keys no longer published (retired, revoked) are gone. */
  withSet(keys: readonly VerificationKey[]): VerificationKeySet {
    const byKid = new Map<string, VerificationKey>();
    for (const key of keys) byKid.set(key.kid, this.reuse(key));
    const unchanged =
      this.origin === 'jwks' && byKid.size === this.byKid.size && [...byKid].every(([kid, key]) => this.byKid.get(kid) === key);
    if (unchanged) return this;
    const primary = byKid.size === 1 ? [...byKid.values()][0] : null;
    return new VerificationKeySet(byKid, primary, 'jwks');
  }

  private reuse(key: VerificationKey): VerificationKey {
    const known = this.byKid.get(key.kid);
    const same = known !== undefined && known.material === key.material && known.algorithms.join() === key.algorithms.join();
    return same ? known : key;
  }
}
