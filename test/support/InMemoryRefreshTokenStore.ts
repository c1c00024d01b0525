import type { IssuedAccessToken, RefreshesOverLimit, RefreshTokenFamily, RefreshTokenLookup, RefreshTokenStore } from '../../src/domain/ports/RefreshTokenStore';

/**
 * Refresh-token families in memory with the SQL adapter's rules: a family has
 * one current token, `rotate` swaps it only from the current one of a family
 * not revoked, every token ever issued stays known (so a used one is found).
 * The refresh limit: a count per key with a fixed limit and no window, keys in
 * order, the first over the limit stops the count and the swap.
 */
export class InMemoryRefreshTokenStore implements RefreshTokenStore {
  /** Refreshes counted per key, as `rotate` was asked to count them. */
  readonly counts = new Map<string, number>();
  readonly families = new Map<string, { family: RefreshTokenFamily; current: string }>();
  readonly tokens = new Map<string, { familyId: string; access: IssuedAccessToken }>();
  /** Called inside `rotate` before the swap: lets a test rotate the same token "on another instance" first. */
  beforeSwap: (() => Promise<void>) | null = null;

  constructor(
    private readonly refreshLimit = Number.POSITIVE_INFINITY,
    private readonly retryAfterSeconds = 42,
  ) {}

  async startFamily(family: RefreshTokenFamily, token: string, access: IssuedAccessToken): Promise<void> {
    this.families.set(family.familyId, { family, current: token });
    this.tokens.set(token, { familyId: family.familyId, access });
  }

  async find(token: string): Promise<RefreshTokenLookup | null> {
    const issued = this.tokens.get(token);
    const entry = issued && this.families.get(issued.familyId);
    return entry ? { family: entry.family, current: entry.current === token } : null;
  }

  async rotate(familyId: string, from: string, to: string, access: IssuedAccessToken, now: number, counted: readonly string[]): Promise<boolean | RefreshesOverLimit> {
    for (const key of counted) {
      const count = (this.counts.get(key) ?? 0) + 1;
      this.counts.set(key, count);
      if (count > this.refreshLimit) return { retryAfterSeconds: this.retryAfterSeconds };
    }
    const hook = this.beforeSwap;
    this.beforeSwap = null;
    await hook?.();
    const entry = this.families.get(familyId);
    if (!entry || entry.current !== from || entry.family.revoked) return false;
    this.families.set(familyId, { family: { ...entry.family, lastUsedAt: now }, current: to });
    this.tokens.set(to, { familyId, access });
    return true;
  }

  async revokeFamily(familyId: string, now: number): Promise<IssuedAccessToken[]> {
    const entry = this.families.get(familyId);
    if (entry) this.families.set(familyId, { ...entry, family: { ...entry.family, revoked: true } });
    return [...this.tokens.values()].filter((token) => token.familyId === familyId && token.access.expiresAt >= now).map((token) => token.access);
  }

  async grantsOfSubject(subject: string): Promise<readonly { clientId: string; sid: string | null }[]> {
    return [...this.families.values()]
      .map((entry) => entry.family)
      .filter((family) => family.subject === subject && !family.revoked && family.clientId !== null)
      .map((family) => ({ clientId: family.clientId!, sid: family.sid ?? null }));
  }

  async revokeSubject(subject: string): Promise<void> {
    for (const [id, entry] of this.families) if (entry.family.subject === subject) this.families.set(id, { ...entry, family: { ...entry.family, revoked: true } });
  }

  async deleteOfClient(clientId: string): Promise<number> {
    let deleted = 0;
    for (const [id, entry] of this.families) {
      if (entry.family.clientId !== clientId) continue;
      this.families.delete(id);
      for (const [token, issued] of this.tokens) if (issued.familyId === id) this.tokens.delete(token);
      deleted++;
    }
    return deleted;
  }

  async familyOfAccessToken(jti: string): Promise<string | null> {
    return [...this.tokens.values()].find((token) => token.access.jti === jti)?.familyId ?? null;
  }

  async purge(now: number): Promise<number> {
    let purged = 0;
    for (const [id, entry] of this.families) {
      if (entry.family.expiresAt < now) {
        this.families.delete(id);
        purged++;
      }
    }
    return purged;
  }
}
