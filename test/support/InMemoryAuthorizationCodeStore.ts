import type { AuthorizationCodeStore, AuthorizationGrant, ConsumedCode } from '../../src/domain/ports/AuthorizationCodeStore';

/**
 * Authorization codes in memory with the SQL adapter's rules: `find` only reads, `consume` marks a
 * code used once (a second call reports the replay and remembers it), a code
 * never saved (or purged, or revoked with its user) is null, `purge` drops
 * codes that expired before `now`. Every call is recorded.
 */
export class InMemoryAuthorizationCodeStore implements AuthorizationCodeStore {
  readonly codes = new Map<string, { grant: AuthorizationGrant; usedAt: number | null; replayedAt: number | null }>();
  readonly calls: unknown[][] = [];
  /** Called inside `consume` after the code is marked used: lets a test replay the code "on another instance" meanwhile. */
  afterConsume: (() => Promise<void>) | null = null;

  async save(code: string, grant: AuthorizationGrant): Promise<void> {
    this.calls.push(['save', code]);
    this.codes.set(code, { grant, usedAt: null, replayedAt: null });
  }

  async find(code: string): Promise<AuthorizationGrant | null> {
    this.calls.push(['find', code]);
    return this.codes.get(code)?.grant ?? null;
  }

  async consume(code: string, now: number): Promise<ConsumedCode | null> {
    this.calls.push(['consume', code, now]);
    const entry = this.codes.get(code);
    if (!entry) return null;
    const firstUse = entry.usedAt === null;
    if (firstUse) entry.usedAt = now;
    else entry.replayedAt = now;
    const hook = this.afterConsume;
    this.afterConsume = null;
    await hook?.();
    return { grant: entry.grant, firstUse };
  }

  async wasReplayed(code: string): Promise<boolean> {
    return this.codes.get(code)?.replayedAt != null;
  }

  async deleteOfClient(clientId: string): Promise<number> {
    this.calls.push(['deleteOfClient', clientId]);
    let deleted = 0;
    for (const [code, entry] of this.codes) {
      if (entry.grant.clientId === clientId) {
        this.codes.delete(code);
        deleted++;
      }
    }
    return deleted;
  }

  async revokeSubject(subject: string): Promise<void> {
    this.calls.push(['revokeSubject', subject]);
    for (const [code, entry] of this.codes) if (entry.grant.user.id === subject) this.codes.delete(code);
  }

  async purge(now: number): Promise<number> {
    this.calls.push(['purge', now]);
    let purged = 0;
    for (const [code, entry] of this.codes) {
      if (entry.grant.expiresAt < now) {
        this.codes.delete(code);
        purged++;
      }
    }
    return purged;
  }
}
