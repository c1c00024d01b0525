import type { TokenClaims } from '../../domain/model/TokenClaims';
import type { VerificationKey } from '../../domain/model/VerificationKey';
import type { Clock } from '../../domain/ports/Clock';
import type { TokenVerifier } from '../../domain/ports/TokenVerifier';
import type { VerificationKeySource } from '../../domain/ports/VerificationKeySource';

export interface CachingOptions {
  /** Most tokens remembered; the least recently used one goes first. */
  readonly maxEntries: number;
  /** The same tolerance the inner verifier applies to exp and nbf. */
  readonly clockToleranceSeconds: number;
}

interface Entry {
  readonly claims: TokenClaims;
  readonly kid: string | undefined;
  /** The exact key object the token was verified against. */
  readonly key: VerificationKey;
  readonly exp: number;
  readonly nbf: number | undefined;
}

/**
 * Remembers tokens the inner verifier accepted, keyed by the whole token string,
 * so a client that sends the same token on every request pays for the signature
 * check once. A remembered token is answered from memory only while everything
 * the inner verifier would check could not have changed:
 * - the key its kid resolves to is still the very object it was verified with
 *   (key sets are immutable and replaced whole; on any change the cache is cleared);
 * - by the injected clock it is still before exp and not before nbf, with the
 *   same tolerance and comparisons as jsonwebtoken.
 * Otherwise the token goes through the inner verifier again, which also produces
 * the right error. Rejections are never remembered, and neither are tokens
 * without a numeric exp.
 */
export class CachingTokenVerifier implements TokenVerifier {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly inner: TokenVerifier,
    private readonly keys: VerificationKeySource,
    private readonly clock: Clock,
    private readonly options: CachingOptions,
  ) {}

  verify(token: string): TokenClaims {
    const entry = this.entries.get(token);
    if (entry !== undefined) {
      if (this.keys.keyFor(entry.kid) !== entry.key) {
        this.entries.clear();
      } else if (this.inForce(entry)) {
        // Move to the back: Map keeps insertion order, so the front is the least recently used.
        this.entries.delete(token);
        this.entries.set(token, entry);
        return entry.claims;
      } else {
        this.entries.delete(token);
      }
    }
    return this.remember(token, this.inner.verify(token));
  }

  /** How many tokens are remembered now (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  private inForce(entry: Entry): boolean {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const tolerance = this.options.clockToleranceSeconds;
    if (now >= entry.exp + tolerance) return false;
    return entry.nbf === undefined || entry.nbf <= now + tolerance;
  }

  /** Stores an accepted token when it qualifies; returns the claims to hand out (frozen once shared). */
  private remember(token: string, claims: TokenClaims): TokenClaims {
    if (this.options.maxEntries <= 0) return claims;
    const { exp, nbf } = claims as unknown as { exp?: unknown; nbf?: unknown };
    if (typeof exp !== 'number' || (nbf !== undefined && typeof nbf !== 'number')) return claims;
    const kid = kidOf(token);
    // Stryker disable next-line ConditionalExpression: equivalent, no key is held under a null kid, so the key check below returns the claims as well
    if (kid === null) return claims;
    // Read right after the synchronous verify, so this is the key it just used.
    const key = this.keys.keyFor(kid);
    if (key === undefined) return claims;
    while (this.entries.size >= this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    const shared = Object.freeze({ ...claims });
    this.entries.set(token, { claims: shared, kid, key, exp, nbf: nbf as number | undefined });
    return shared;
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
