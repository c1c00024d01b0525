import type { RevocationEntries } from '@auth-service/client';
import type { RevocationStore } from '../../src/domain/ports/RevocationStore';

/**
 * The shared revocation store in memory, with the SQL adapter's rules (one row per subject or jti,
 * replaced on a second write; `current` keeps rows with keepUntil ≥ now, `purge` drops those below).
 * It records every call, and a read can be held back (`hold`) or made to fail (`readError`).
 */
export class InMemoryRevocationStore implements RevocationStore {
  readonly calls: unknown[][] = [];
  readonly subjects = new Map<string, { notBefore: number; keepUntil: number }>();
  readonly tokens = new Map<string, { expiresAt: number; keepUntil: number }>();
  /** While set, a read takes its snapshot, then waits for this before answering. */
  hold: Promise<void> | null = null;
  /** While set, a read rejects with it. */
  readError: Error | null = null;

  async revokeSubject(subject: string, notBefore: number, keepUntil: number): Promise<void> {
    this.calls.push(['revokeSubject', subject, notBefore, keepUntil]);
    this.subjects.set(subject, { notBefore, keepUntil });
  }

  async revokeToken(jti: string, expiresAt: number, keepUntil: number): Promise<void> {
    this.calls.push(['revokeToken', jti, expiresAt, keepUntil]);
    this.tokens.set(jti, { expiresAt, keepUntil });
  }

  async current(now: number): Promise<RevocationEntries> {
    this.calls.push(['current', now]);
    if (this.readError) throw this.readError;
    const entries: RevocationEntries = {
      subjects: [...this.subjects].filter(([, entry]) => entry.keepUntil >= now).map(([subject, entry]) => ({ subject, notBefore: entry.notBefore })),
      tokens: [...this.tokens].filter(([, entry]) => entry.keepUntil >= now).map(([jti, entry]) => ({ jti, expiresAt: entry.expiresAt })),
    };
    await this.hold;
    return entries;
  }

  async purge(now: number): Promise<number> {
    this.calls.push(['purge', now]);
    let purged = 0;
    for (const [subject, entry] of this.subjects) if (entry.keepUntil < now && this.subjects.delete(subject)) purged++;
    for (const [jti, entry] of this.tokens) if (entry.keepUntil < now && this.tokens.delete(jti)) purged++;
    return purged;
  }

  /** How many reads (`current`) the store has answered or begun. */
  get reads(): number {
    return this.calls.filter(([op]) => op === 'current').length;
  }
}
