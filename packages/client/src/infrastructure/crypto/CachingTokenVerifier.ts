import * as crypto from 'node:crypto';
import type { TokenClaims } from '../../domain/model/TokenClaims';
import type { VerificationKey } from '../../domain/model/VerificationKey';
import type { Clock } from '../../domain/ports/Clock';
import type { TokenVerifier } from '../../domain/ports/TokenVerifier';
import type { VerificationKeySource } from '../../domain/ports/VerificationKeySource';
import { FirstSightings } from './FirstSightings';

export interface CachingOptions {
  /**
   * Most tokens remembered; when full, a token is kept only when seen before (see FirstSightings),
   * and the oldest one not used since its last chance makes room.
   */
  readonly maxEntries: number;
  /** The same tolerance the inner verifier applies to exp and nbf. */
  readonly clockToleranceSeconds: number;
}

/** The key an entry was verified with, shared by every entry of that kid and key (one object, not one per token). */
interface KeyRef {
  readonly kid: string | undefined;
  /** The exact key object the token was verified against. */
  readonly key: VerificationKey;
}

interface Entry {
  /** Frozen; their exp is a number and their nbf a number or absent (checked when stored). */
  readonly claims: TokenClaims;
  readonly ref: KeyRef;
  /** Answered from memory since it was stored or last given a second chance. */
  used: boolean;
}

/**
 * Remembers tokens the inner verifier accepted, keyed by the SHA-256 digest of
 * the whole token, so a client that sends the same token on every request pays
 * for the signature check once. A remembered token is answered from memory only
 * while everything the inner verifier would check could not have changed:
 * - the key its kid resolves to is still the very object it was verified with
 *   (key sets are immutable and replaced whole; on any change the cache is cleared);
 * - by the injected clock it is still before exp and not before nbf, with the
 *   same tolerance and comparisons as jsonwebtoken.
 * Otherwise the token goes through the inner verifier again, which also produces
 * the right error. Rejections are never remembered, and neither are tokens
 * without a numeric exp.
 *
 * Why a digest: a token is 700–1000 characters, and every service of every user
 * holds up to `maxEntries` of them; 32 bytes of SHA-256 identify the token as
 * surely (finding another token with the same digest is a SHA-256 second
 * preimage) and hash faster for the lookup than V8 hashes the long string.
 * Eviction is second-chance (CLOCK): a hit only marks its entry, a full cache
 * drops the oldest entry not used since its last chance, so a hit never
 * reorders the map. A full cache keeps a token only on its second sighting
 * (a doorkeeper, as TinyLFU admits), so one-off tokens do not push out the
 * tokens in use.
 */
export class CachingTokenVerifier implements TokenVerifier {
  private readonly entries = new Map<string, Entry>();
  /** One KeyRef per kid, so entries share it. */
  private readonly refs = new Map<string | undefined, KeyRef>();
  /** Made when the cache first fills up. */
  private sightings: FirstSightings | undefined;

  constructor(
    private readonly inner: TokenVerifier,
    private readonly keys: VerificationKeySource,
    private readonly clock: Clock,
    private readonly options: CachingOptions,
  ) {}

  verify(token: string): TokenClaims {
    const digest = digestOf(token);
    const entry = this.entries.get(digest);
    if (entry !== undefined) {
      if (this.keys.keyFor(entry.ref.kid) !== entry.ref.key) {
        this.entries.clear();
        // Stryker disable next-line all: equivalent in behaviour, refFor replaces a ref whose key differs; clearing lets go of keys no longer held
        this.refs.clear();
      } else if (this.inForce(entry)) {
        entry.used = true;
        return entry.claims;
      } else {
        this.entries.delete(digest);
      }
    }
    return this.remember(digest, token, this.inner.verify(token));
  }

  /** How many tokens are remembered now (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  private inForce(entry: Entry): boolean {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const tolerance = this.options.clockToleranceSeconds;
    const { exp, nbf } = entry.claims as unknown as { exp: number; nbf?: number };
    if (now >= exp + tolerance) return false;
    return nbf === undefined || nbf <= now + tolerance;
  }

  /** Stores an accepted token when it qualifies; returns the claims to hand out (frozen once kept). */
  private remember(digest: string, token: string, claims: TokenClaims): TokenClaims {
    if (this.options.maxEntries <= 0) return claims;
    const { exp, nbf } = claims as unknown as { exp?: unknown; nbf?: unknown };
    if (typeof exp !== 'number' || (nbf !== undefined && typeof nbf !== 'number')) return claims;
    const kid = kidOf(token);
    // Stryker disable next-line ConditionalExpression: equivalent, no key is held under a null kid, so the key check below returns the claims as well
    if (kid === null) return claims;
    // Read right after the synchronous verify, so this is the key it just used.
    const key = this.keys.keyFor(kid);
    if (key === undefined) return claims;
    if (this.entries.size >= this.options.maxEntries && this.firstSighting(digest)) return claims;
    this.makeRoom();
    // The inner verifier's own object, parsed for this token alone, frozen where it is: a copy was ~150 bytes
    // more per entry, and every byte an entry keeps survives two scavenges, which is what grows the semi-spaces.
    const shared = Object.freeze(claims);
    this.entries.set(digest, { claims: shared, ref: this.refFor(kid, key), used: false });
    return shared;
  }

  /**
   * Whether a full cache sees this token for the first time. Such a token is verified and not kept:
   * a stream of tokens each used once (a fleet of clients each calling once) would otherwise replace
   * every entry with one that is never asked for again, and each of those entries lives long enough
   * to be copied out of the young generation twice, which is what grows its semi-spaces (the
   * process's RSS) more than the entries themselves. A token asked for again is kept then.
   */
  private firstSighting(digest: string): boolean {
    this.sightings ??= new FirstSightings(this.options.maxEntries);
    return !this.sightings.seenBefore(digest);
  }

  /** Below maxEntries: the oldest entry goes, unless it was used since its last chance (then it moves to the back, unmarked). */
  private makeRoom(): void {
    while (this.entries.size >= this.options.maxEntries) {
      const [digest, oldest] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(digest);
      if (oldest.used) {
        oldest.used = false;
        this.entries.set(digest, oldest);
      }
    }
  }

  private refFor(kid: string | undefined, key: VerificationKey): KeyRef {
    let ref = this.refs.get(kid);
    if (ref?.key !== key) {
      ref = { kid, key };
      this.refs.set(kid, ref);
    }
    return ref;
  }
}

/** The kid of an accepted token's header; null when the header does not read as an object (then nothing is cached). */
function kidOf(token: string): string | undefined | null {
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8'));
    if (typeof header !== 'object' || header === null) return null;
    const kid = (header as { kid?: unknown }).kid;
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return null;
  }
}

type Hash = (algorithm: string, data: string, outputEncoding: 'binary') => string;

/**
 * SHA-256 of a token as a 32-character one-byte string, through node:crypto's one-shot `hash` when there
 * is one (node ≥ 20.12: no Hash object per call), else through createHash.
 */
export function tokenDigest(hash: Hash | undefined): (token: string) => string {
  // Stryker disable next-line ConditionalExpression: equivalent when forced true, createHash gives the same SHA-256 (both ways are tested)
  if (hash === undefined) return (token) => crypto.createHash('sha256').update(token).digest('binary');
  return (token) => hash('sha256', token, 'binary');
}

/** The cache key of a token. */
export const digestOf = tokenDigest((crypto as unknown as { hash?: Hash }).hash);
