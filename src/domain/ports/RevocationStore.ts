import type { RevocationEntries } from '@auth-service/client';

/** Entries written at or after a point in time, and the newest write time among them. */
export interface RevocationChanges {
  readonly entries: RevocationEntries;
  /** Epoch milliseconds of the newest write among `entries`; null when there is none. */
  readonly latestChangeMs: number | null;
}

/** Who a revoked token belonged to and when it was issued: what the per-subject cap folds by. */
export interface RevokedTokenOwner {
  readonly subject: string;
  /** The token's iat, epoch seconds. */
  readonly issuedAt: number;
}

/**
 * The revocations every instance shares (SQLite or PostgreSQL). Each entry
 * carries `keepUntil` (epoch seconds): after it no token the entry covers can
 * still be valid, so it leaves the store and the feed. Every write stamps the
 * entry with its time (epoch ms), so readers can ask only for what changed.
 */
export interface RevocationStore {
  /** Refuses the subject's tokens issued before `notBefore`; a later notBefore replaces an earlier one, never an earlier one a later. */
  revokeSubject(subject: string, notBefore: number, keepUntil: number): Promise<void>;
  /**
   * Refuses every token issued to the client (`client_id`) before `notBefore`: the client was removed. Its own
   * kind, not a subject (a client id may equal a user's sub); raised like a subject's, never lowered.
   */
  revokeClient(clientId: string, notBefore: number, keepUntil: number): Promise<void>;
  /** The subject's not-before (epoch seconds) while its entry is kept; null when it has none. */
  subjectNotBefore(subject: string): Promise<number | null>;
  /** The client's not-before (epoch seconds, raised by `clients remove`) while its entry is kept; null when it has none. */
  clientNotBefore(clientId: string): Promise<number | null>;
  /** Refuses one token until `expiresAt`. Revoking it again changes nothing. */
  revokeToken(jti: string, expiresAt: number, keepUntil: number, owner?: RevokedTokenOwner): Promise<void>;
  /** Entries still in force at `now` (epoch seconds), oldest first. */
  current(now: number): Promise<RevocationEntries>;
  /** Entries still in force at `now` (epoch seconds) written at or after `sinceMs` (epoch ms). */
  changedSince(sinceMs: number, now: number): Promise<RevocationChanges>;
  /**
   * Keeps at most `cap` revoked tokens of `subject`: older ones are replaced by
   * the subject's not-before, a whole second at a time (foldedThrough: every
   * token of the subject issued before the newest folded one's iat + 1 is
   * refused, kept `maxTokenLifetimeSeconds` past it). Returns how many were folded.
   */
  capSubject(subject: string, cap: number, maxTokenLifetimeSeconds: number): Promise<number>;
  /** Deletes entries whose keepUntil has passed; returns how many. */
  purge(now: number): Promise<number>;
}
