import type { Clock } from '@auth-service/client';
import type { IssuedAccessToken } from '../domain/ports/RefreshTokenStore';
import type { RevocationStore } from '../domain/ports/RevocationStore';
import { epochSeconds, type RevocationPolicy } from './RevocationPolicy';
import type { RevocationObserver } from './RevokeUserTokens';

/**
 * Puts access tokens this service issued (jti, exp) on the shared denylist, as
 * RFC 7009 revocation does: every instance and every client service reading the
 * revocation feed refuses them. Used when a refresh-token family ends.
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
    if (live.length === 0) return;
    for (const token of live) await this.store.revokeToken(token.jti, token.expiresAt, token.expiresAt + this.policy.clockToleranceSeconds);
    this.observe('token', { subjects: [], tokens: live.map((token) => ({ jti: token.jti, expiresAt: token.expiresAt })) });
  }
}
