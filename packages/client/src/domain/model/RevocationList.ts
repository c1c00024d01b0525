import type { TokenClaims } from './TokenClaims';

/** Every token of `subject` issued (iat) before `notBefore` is refused. Times in epoch seconds. */
export interface SubjectRevocation {
  readonly subject: string;
  readonly notBefore: number;
}

/** The one token with this `jti` is refused until its own `expiresAt` (its exp). */
export interface TokenRevocation {
  readonly jti: string;
  readonly expiresAt: number;
}

/** What the shared store holds and the feed hands to client services. */
export interface RevocationEntries {
  readonly subjects: readonly SubjectRevocation[];
  readonly tokens: readonly TokenRevocation[];
}

/**
 * An immutable, indexed copy of the current revocations, so a verifier can ask
 * per token without I/O: two Map lookups.
 */
export class RevocationList {
  static readonly EMPTY = new RevocationList({ subjects: [], tokens: [] });

  private readonly notBefore = new Map<string, number>();
  private readonly revokedJtis = new Set<string>();

  constructor(readonly entries: RevocationEntries) {
    for (const { subject, notBefore } of entries.subjects) {
      this.notBefore.set(subject, Math.max(notBefore, this.notBefore.get(subject) ?? notBefore));
    }
    for (const { jti } of entries.tokens) this.revokedJtis.add(jti);
  }

  get size(): number {
    return this.notBefore.size + this.revokedJtis.size;
  }

  /** True when the token's subject was revoked after it was issued, or the token itself was. */
  refuses(claims: Pick<TokenClaims, 'sub' | 'iat' | 'jti'>): boolean {
    const { sub, iat, jti } = claims as { sub?: unknown; iat?: unknown; jti?: unknown };
    if (typeof jti === 'string' && this.revokedJtis.has(jti)) return true;
    if (typeof sub !== 'string') return false;
    const notBefore = this.notBefore.get(sub);
    if (notBefore === undefined) return false;
    // A token without a numeric iat cannot show it is newer than the revocation.
    return typeof iat !== 'number' || iat < notBefore;
  }

  /** The same list plus entries written locally since it was read (this process's own writes). */
  with(added: RevocationEntries): RevocationList {
    return new RevocationList({
      subjects: [...this.entries.subjects, ...added.subjects],
      tokens: [...this.entries.tokens, ...added.tokens],
    });
  }
}
