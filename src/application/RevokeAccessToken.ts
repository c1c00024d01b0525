import { ClientUnauthorizedError, DomainError } from '@auth-service/client/internal/domain/errors';
import type { TokenClaims } from '@auth-service/client/internal/domain/model/TokenClaims';
import type { ClientRegistry } from '../domain/ports/ClientRegistry';
import type { Clock } from '@auth-service/client/internal/domain/ports/Clock';
import type { RevocationStore } from '../domain/ports/RevocationStore';
import type { TokenVerifier } from '@auth-service/client/internal/domain/ports/TokenVerifier';
import { epochSeconds, type RevocationPolicy } from './RevocationPolicy';
import type { RevocationObserver } from './RevokeUserTokens';

export interface RevokeAccessTokenInput {
  /** The token to revoke (RFC 7009 `token`). */
  readonly token: string;
  /** HTTP Basic credentials of a registered client, when sent. */
  readonly client?: { readonly appId: string; readonly appSecret: string };
  /** The request's own bearer token, when sent: a token may revoke itself (logout). */
  readonly bearer?: string | null;
}

export interface RevokeAccessTokenResult {
  /** False when there was nothing to revoke (invalid, expired or already revoked): the answer is the same. */
  readonly revoked: boolean;
}

/**
 * RFC 7009 token revocation and logout: puts the token's jti on the shared
 * denylist until its exp. The caller must be a registered client (HTTP Basic)
 * or present the token itself as its bearer token; otherwise
 * ClientUnauthorizedError. A token that does not verify is not an error
 * (RFC 7009 §2.2): there is nothing left to revoke.
 */
export class RevokeAccessToken {
  constructor(
    private readonly verifier: TokenVerifier,
    private readonly clients: ClientRegistry,
    private readonly store: RevocationStore,
    private readonly clock: Clock,
    private readonly policy: RevocationPolicy,
    private readonly observe: RevocationObserver = () => undefined,
  ) {}

  async execute(input: RevokeAccessTokenInput): Promise<RevokeAccessTokenResult> {
    if (input.client) {
      // No registered client means no client can authenticate, rather than any.
      if (this.clients.isEmpty() || !this.clients.verify(input.client.appId, input.client.appSecret)) throw new ClientUnauthorizedError();
    } else if (input.bearer !== input.token) {
      throw new ClientUnauthorizedError();
    }
    const claims = this.claimsOf(input.token);
    if (claims === null || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return { revoked: false };
    await this.store.revokeToken(claims.jti, claims.exp, claims.exp + this.policy.clockToleranceSeconds);
    await this.store.purge(epochSeconds(this.clock.now()));
    this.observe('token', { subjects: [], tokens: [{ jti: claims.jti, expiresAt: claims.exp }] });
    return { revoked: true };
  }

  private claimsOf(token: string): TokenClaims | null {
    try {
      return this.verifier.verify(token);
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  }
}
