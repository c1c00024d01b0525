import type { RevocationEntries } from '@auth-service/client';
import type { Clock } from '@auth-service/client';
import { foldedThrough } from '../../src/domain/model/RevokedTokenCap';
import type { RevocationChanges, RevocationStore, RevokedTokenOwner } from '../../src/domain/ports/RevocationStore';

/**
 * The shared revocation store in memory, with the SQL adapter's rules (one row per subject or jti,
 * replaced on a second write; `current` keeps rows with keepUntil ≥ now, `purge` drops those below).
 * It records every call, and a read can be held back (`hold`) or made to fail (`readError`).
 * Writes are stamped with `clock`; without one every entry counts as just written (every
 * incremental read returns it).
 */
export class InMemoryRevocationStore implements RevocationStore {
  readonly calls: unknown[][] = [];
  readonly subjects = new Map<string, { notBefore: number; keepUntil: number; changedAt?: number }>();
  readonly tokens = new Map<string, { expiresAt: number; keepUntil: number; changedAt?: number; owner?: RevokedTokenOwner }>();
  readonly clients = new Map<string, { notBefore: number; keepUntil: number; changedAt?: number }>();
  /** While set, a read takes its snapshot, then waits for this before answering. */
  hold: Promise<void> | null = null;
  /** While set, a read rejects with it. */
  readError: Error | null = null;

  constructor(private readonly clock?: Clock) {}

  async revokeSubject(subject: string, notBefore: number, keepUntil: number): Promise<void> {
    this.calls.push(['revokeSubject', subject, notBefore, keepUntil]);
    this.raise(subject, notBefore, keepUntil);
  }

  async revokeClient(clientId: string, notBefore: number, keepUntil: number): Promise<void> {
    this.calls.push(['revokeClient', clientId, notBefore, keepUntil]);
    this.raise(clientId, notBefore, keepUntil, this.clients);
  }

  async subjectNotBefore(subject: string): Promise<number | null> {
    this.calls.push(['subjectNotBefore', subject]);
    if (this.readError) throw this.readError;
    return this.subjects.get(subject)?.notBefore ?? null;
  }

  async clientNotBefore(clientId: string): Promise<number | null> {
    this.calls.push(['clientNotBefore', clientId]);
    if (this.readError) throw this.readError;
    return this.clients.get(clientId)?.notBefore ?? null;
  }

  async revokeToken(jti: string, expiresAt: number, keepUntil: number, owner?: RevokedTokenOwner): Promise<void> {
    this.calls.push(owner ? ['revokeToken', jti, expiresAt, keepUntil, owner] : ['revokeToken', jti, expiresAt, keepUntil]);
    const changedAt = this.stamp();
    this.tokens.set(jti, { expiresAt, keepUntil, ...(changedAt === undefined ? {} : { changedAt }), ...(owner ? { owner } : {}) });
  }

  async changedSince(sinceMs: number, now: number): Promise<RevocationChanges> {
    this.calls.push(['changedSince', sinceMs, now]);
    if (this.readError) throw this.readError;
    const changed = <T extends { keepUntil: number; changedAt?: number }>(entry: T) => entry.keepUntil >= now && (entry.changedAt ?? Infinity) >= sinceMs;
    const entries: RevocationEntries = {
      subjects: [...this.subjects].filter(([, entry]) => changed(entry)).map(([subject, entry]) => ({ subject, notBefore: entry.notBefore })),
      tokens: [...this.tokens].filter(([, entry]) => changed(entry)).map(([jti, entry]) => ({ jti, expiresAt: entry.expiresAt })),
      clients: [...this.clients].filter(([, entry]) => changed(entry)).map(([clientId, entry]) => ({ clientId, notBefore: entry.notBefore })),
    };
    await this.hold;
    return { entries, latestChangeMs: null };
  }

  async capSubject(subject: string, cap: number, maxTokenLifetimeSeconds: number): Promise<number> {
    this.calls.push(['capSubject', subject, cap, maxTokenLifetimeSeconds]);
    const owned = [...this.tokens].filter(([, entry]) => entry.owner?.subject === subject).sort(([, a], [, b]) => b.owner!.issuedAt - a.owner!.issuedAt);
    if (owned.length <= cap) return 0;
    const through = foldedThrough(owned.map(([, entry]) => entry.owner!.issuedAt), cap);
    if (through === null) return 0;
    const folded = owned.filter(([, entry]) => entry.owner!.issuedAt <= through);
    const notBefore = through + 1;
    this.raise(subject, notBefore, notBefore + maxTokenLifetimeSeconds);
    for (const [jti] of folded) this.tokens.delete(jti);
    return folded.length;
  }

  async current(now: number): Promise<RevocationEntries> {
    this.calls.push(['current', now]);
    if (this.readError) throw this.readError;
    const entries: RevocationEntries = {
      subjects: [...this.subjects].filter(([, entry]) => entry.keepUntil >= now).map(([subject, entry]) => ({ subject, notBefore: entry.notBefore })),
      tokens: [...this.tokens].filter(([, entry]) => entry.keepUntil >= now).map(([jti, entry]) => ({ jti, expiresAt: entry.expiresAt })),
      clients: [...this.clients].filter(([, entry]) => entry.keepUntil >= now).map(([clientId, entry]) => ({ clientId, notBefore: entry.notBefore })),
    };
    await this.hold;
    return entries;
  }

  async purge(now: number): Promise<number> {
    this.calls.push(['purge', now]);
    let purged = 0;
    for (const [subject, entry] of this.subjects) if (entry.keepUntil < now && this.subjects.delete(subject)) purged++;
    for (const [jti, entry] of this.tokens) if (entry.keepUntil < now && this.tokens.delete(jti)) purged++;
    for (const [clientId, entry] of this.clients) if (entry.keepUntil < now && this.clients.delete(clientId)) purged++;
    return purged;
  }

  /** As the SQL adapter: never lowers a subject's (or client's) not-before or keep-until. */
  private raise(subject: string, notBefore: number, keepUntil: number, into = this.subjects): void {
    const old = into.get(subject);
    const changedAt = this.stamp();
    into.set(subject, {
      notBefore: Math.max(notBefore, old?.notBefore ?? notBefore),
      keepUntil: Math.max(keepUntil, old?.keepUntil ?? keepUntil),
      ...(changedAt === undefined ? {} : { changedAt }),
    });
  }

  private stamp(): number | undefined {
    return this.clock?.now().getTime();
  }

  /** How many reads (`current` or `changedSince`) the store has answered or begun. */
  get reads(): number {
    return this.calls.filter(([op]) => op === 'current' || op === 'changedSince').length;
  }
}
