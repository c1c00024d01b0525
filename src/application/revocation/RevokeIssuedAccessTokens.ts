import type { Clock } from '@auth-service/client';
import type { IssuedAccessToken } from '../../domain/ports/RefreshTokenStore';
import type { RevocationStore } from '../../domain/ports/RevocationStore';
import { foldedThrough } from '../../domain/model/RevokedTokenCap';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { RevocationPolicy } from '../../domain/model/RevocationPolicy';
import type { RevocationObserver } from './RevokeUserTokens';

/**
 * Puts access tokens this service issued (jti, exp) on the shared denylist, as
 * RFC 7009 revocation does: every instance and every client service reading the
 * revocation feed refuses them. Used when a refresh-token family ends.
 *
 * Each token is owned by its user and counts in the user's cap
 * (`policy.tokensPerSubject`), so one user cannot grow the feed without bound
 * by rotating a family many times and ending it: of one user's tokens at most
 * the newest `cap` are written one by one; the rest fold at once into the
 * user's not-before (foldedThrough: every token of the user issued before it
 * is refused, a whole second at a time), and the store's cap then folds what
 * the user had revoked before.
 */
export class RevokeIssuedAccessTokens {
  constructor(
    private readonly store: RevocationStore,
    private readonly clock: Clock,
    private readonly policy: RevocationPolicy,
    private readonly observe: RevocationObserver = () => undefined,
  ) {}

  async execute(tokens: readonly IssuedAccessToken[]): Promise<void> {
    const now = epochSeconds(this.clock.now());
    const live = tokens.filter((token) => token.expiresAt + this.policy.clockToleranceSeconds >= now);
    for (const [subject, owned] of bySubject(live)) await this.revokeOwned(subject, owned);
  }

  private async revokeOwned(subject: string, tokens: readonly IssuedAccessToken[]): Promise<void> {
    const newestFirst = [...tokens].sort((a, b) => b.issuedAt - a.issuedAt);
    const through = foldedThrough(newestFirst.map((token) => token.issuedAt), this.policy.tokensPerSubject ?? Infinity);
    // Stryker disable next-line ConditionalExpression: `through === null` made false is equivalent: `issuedAt > null` compares with 0 and no token predates the epoch
    const kept = through === null ? newestFirst : newestFirst.filter((token) => token.issuedAt > through);
    if (through !== null) {
      const notBefore = through + 1;
      await this.store.revokeSubject(subject, notBefore, notBefore + this.policy.maxTokenLifetimeSeconds);
      this.observe('subject', { subjects: [{ subject, notBefore }], tokens: [] });
    }
    for (const token of kept) {
      await this.store.revokeToken(token.jti, token.expiresAt, token.expiresAt + this.policy.clockToleranceSeconds, { subject, issuedAt: token.issuedAt });
    }
    if (this.policy.tokensPerSubject !== undefined) await this.store.capSubject(subject, this.policy.tokensPerSubject, this.policy.maxTokenLifetimeSeconds);
    this.observe('token', { subjects: [], tokens: kept.map((token) => ({ jti: token.jti, expiresAt: token.expiresAt })) });
  }
}

function bySubject(tokens: readonly IssuedAccessToken[]): Map<string, IssuedAccessToken[]> {
  const groups = new Map<string, IssuedAccessToken[]>();
  for (const token of tokens) groups.set(token.subject, [...(groups.get(token.subject) ?? []), token]);
  return groups;
}
