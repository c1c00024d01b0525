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
 * per token without I/O: two Map lookups. Merging a feed's changes copies the
 * maps only when something is new (changes are re-sent with some overlap).
 */
export class RevocationList {
  static readonly EMPTY = new RevocationList({ subjects: [], tokens: [] });

  private readonly notBefore: Map<string, number>;
  /** jti → expiresAt. */
  private readonly revokedJtis: Map<string, number>;
  private listed: RevocationEntries | null = null;

  /** `entries`, added to a copy of `base` when one is given. */
  constructor(entries: RevocationEntries, base?: RevocationList) {
    this.notBefore = new Map(base?.notBefore);
    this.revokedJtis = new Map(base?.revokedJtis);
    addTo(this.notBefore, this.revokedJtis, entries);
  }

  /** The entries, one per subject (its latest not-before) and one per jti. */
  get entries(): RevocationEntries {
    this.listed ??= {
      subjects: [...this.notBefore].map(([subject, notBefore]) => ({ subject, notBefore })),
      tokens: [...this.revokedJtis].map(([jti, expiresAt]) => ({ jti, expiresAt })),
    };
    return this.listed;
  }

  get subjectCount(): number {
    return this.notBefore.size;
  }

  get tokenCount(): number {
    return this.revokedJtis.size;
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

  /** The same list plus `added` (this process's own writes, or a feed's changes); itself when nothing is new. */
  with(added: RevocationEntries): RevocationList {
    const isNew =
      added.subjects.some(({ subject, notBefore }) => (this.notBefore.get(subject) ?? Number.NEGATIVE_INFINITY) < notBefore) ||
      added.tokens.some(({ jti }) => !this.revokedJtis.has(jti));
    return isNew ? new RevocationList(added, this) : this;
  }
}

function addTo(notBefore: Map<string, number>, revokedJtis: Map<string, number>, entries: RevocationEntries): void {
  for (const entry of entries.subjects) notBefore.set(entry.subject, Math.max(entry.notBefore, notBefore.get(entry.subject) ?? entry.notBefore));
  for (const { jti, expiresAt } of entries.tokens) revokedJtis.set(jti, Math.max(expiresAt, revokedJtis.get(jti) ?? expiresAt));
}
