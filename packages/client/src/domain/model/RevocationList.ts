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

/**
 * Every token issued to the client `clientId` (its `client_id` claim: the client's own tokens and the tokens
 * of users issued through it) before `notBefore` is refused: the client was removed. Its own kind, not a
 * subject: a client id may equal a user's `sub`. Times in epoch seconds.
 */
export interface ClientRevocation {
  readonly clientId: string;
  readonly notBefore: number;
}

/** What the shared store holds and the feed hands to client services. */
export interface RevocationEntries {
  readonly subjects: readonly SubjectRevocation[];
  readonly tokens: readonly TokenRevocation[];
  /** Removed clients; absent from the feed of a service that predates them (read as none). */
  readonly clients?: readonly ClientRevocation[];
}

/**
 * An immutable, indexed copy of the current revocations, so a verifier can ask
 * per token without I/O: three Map lookups. Merging a feed's changes copies the
 * maps only when something is new (changes are re-sent with some overlap).
 */
export class RevocationList {
  static readonly EMPTY = new RevocationList({ subjects: [], tokens: [] });

  private readonly notBefore: Map<string, number>;
  /** jti → expiresAt. */
  private readonly revokedJtis: Map<string, number>;
  /** client_id → not-before. */
  private readonly clientNotBefore: Map<string, number>;
  private listed: RevocationEntries | null = null;

  /** `entries`, added to a copy of `base` when one is given. */
  constructor(entries: RevocationEntries, base?: RevocationList) {
    this.notBefore = new Map(base?.notBefore);
    this.revokedJtis = new Map(base?.revokedJtis);
    this.clientNotBefore = new Map(base?.clientNotBefore);
    for (const { subject, notBefore } of entries.subjects) raise(this.notBefore, subject, notBefore);
    for (const { jti, expiresAt } of entries.tokens) raise(this.revokedJtis, jti, expiresAt);
    for (const { clientId, notBefore } of entries.clients ?? []) raise(this.clientNotBefore, clientId, notBefore);
  }

  /** The entries, one per subject and per client (its latest not-before) and one per jti. */
  get entries(): RevocationEntries {
    this.listed ??= {
      subjects: [...this.notBefore].map(([subject, notBefore]) => ({ subject, notBefore })),
      tokens: [...this.revokedJtis].map(([jti, expiresAt]) => ({ jti, expiresAt })),
      clients: [...this.clientNotBefore].map(([clientId, notBefore]) => ({ clientId, notBefore })),
    };
    return this.listed;
  }

  get subjectCount(): number {
    return this.notBefore.size;
  }

  get tokenCount(): number {
    return this.revokedJtis.size;
  }

  get clientCount(): number {
    return this.clientNotBefore.size;
  }

  get size(): number {
    return this.notBefore.size + this.revokedJtis.size + this.clientNotBefore.size;
  }

  /** True when the token's subject or its client was revoked after it was issued, or the token itself was. */
  refuses(claims: Pick<TokenClaims, 'sub' | 'iat' | 'jti' | 'client_id'>): boolean {
    const { sub, iat, jti, client_id: clientId } = claims as { sub?: unknown; iat?: unknown; jti?: unknown; client_id?: unknown };
    // The maps' keys are strings: a claim of another type (a forged number) finds nothing.
    if (this.revokedJtis.has(jti as string)) return true;
    return issuedBefore(iat, this.notBefore.get(sub as string)) || issuedBefore(iat, this.clientNotBefore.get(clientId as string));
  }

  /** The same list plus `added` (this process's own writes, or a feed's changes); itself when nothing is new. */
  with(added: RevocationEntries): RevocationList {
    const isNew =
      added.subjects.some(({ subject, notBefore }) => (this.notBefore.get(subject) ?? Number.NEGATIVE_INFINITY) < notBefore) ||
      added.tokens.some(({ jti }) => !this.revokedJtis.has(jti)) ||
      (added.clients?.some(({ clientId, notBefore }) => (this.clientNotBefore.get(clientId) ?? Number.NEGATIVE_INFINITY) < notBefore) ?? false);
    return isNew ? new RevocationList(added, this) : this;
  }
}

/** True when a not-before applies and the token's iat is before it; a token without a numeric iat cannot show it is newer. */
function issuedBefore(iat: unknown, notBefore: number | undefined): boolean {
  if (notBefore === undefined) return false;
  return typeof iat !== 'number' || iat < notBefore;
}

/** Keeps the later of two times for one key: an entry seen again, or re-sent out of order, never lowers it. */
function raise(times: Map<string, number>, key: string, time: number): void {
  times.set(key, Math.max(time, times.get(key) ?? time));
}
