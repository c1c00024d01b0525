import type { RevocationEntries } from '@auth-service/client';

/**
 * The revocations every instance shares (SQLite or PostgreSQL). Each entry
 * carries `keepUntil` (epoch seconds): after it no token the entry covers can
 * still be valid, so it leaves the store and the feed.
 */
export interface RevocationStore {
  /** Refuses the subject's tokens issued before `notBefore`; a later notBefore replaces an earlier one. */
  revokeSubject(subject: string, notBefore: number, keepUntil: number): Promise<void>;
  /** Refuses one token until `expiresAt`. Revoking it again changes nothing. */
  revokeToken(jti: string, expiresAt: number, keepUntil: number): Promise<void>;
  /** Entries still in force at `now` (epoch seconds), oldest first. */
  current(now: number): Promise<RevocationEntries>;
  /** Deletes entries whose keepUntil has passed; returns how many. */
  purge(now: number): Promise<number>;
}
