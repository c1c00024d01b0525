import { ClientUnauthorizedError, DomainError, KeyUnavailableError, RevocationStaleError, TooManyLoginAttemptsError } from '@auth-service/client/internal/domain/errors';
import type { TokenClaims } from '@auth-service/client/internal/domain/model/TokenClaims';
import type { AttemptLimiter } from '../domain/ports/AttemptLimiter';
import type { ClientRegistry } from '../domain/ports/ClientRegistry';
import type { Clock } from '@auth-service/client/internal/domain/ports/Clock';
import type { RevocationStore } from '../domain/ports/RevocationStore';
import type { TokenVerifier } from '@auth-service/client/internal/domain/ports/TokenVerifier';
import { ClientSecretGuard } from './ClientSecretGuard';
import { epochSeconds, type RevocationPolicy } from './RevocationPolicy';
import type { RevocationObserver } from './RevokeUserTokens';

export interface RevokeAccessTokenInput {
  /** The token to revoke (RFC 7009 `token`). */
  readonly token: string;
  /** HTTP Basic credentials of a registered client, when sent. */
  readonly client?: { readonly appId: string; readonly appSecret: string };
  /** The request's own bearer token, when sent: a token may revoke itself (logout). */
  readonly bearer?: string | null;
  /** The caller's address as the HTTP layer sees it (the guessing limits); absent when unknown. */
  readonly address?: string;
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
 *
 * Guessing is limited like login, on the client secret count
 * (ClientSecretGuard): every request counts against the caller's address when
 * it starts, a revocation that is allowed gives it back, a failed client
 * authentication or a malformed request keeps it (a wrong client secret also
 * counts against its appId). Over the limit: TooManyLoginAttemptsError.
 */
export class RevokeAccessToken {
  private readonly guard: ClientSecretGuard;

  constructor(
    private readonly verifier: TokenVerifier,
    clients: ClientRegistry,
    attempts: AttemptLimiter,
    private readonly store: RevocationStore,
    private readonly clock: Clock,
    private readonly policy: RevocationPolicy,
    private readonly observe: RevocationObserver = () => undefined,
  ) {
    this.guard = new ClientSecretGuard(clients, attempts, (seconds) => new TooManyLoginAttemptsError(seconds));
  }

  async execute(input: RevokeAccessTokenInput): Promise<RevokeAccessTokenResult> {
    const attempt = await this.guard.begin(input.address);
    if (input.client) {
      // No registered client means no client can authenticate, rather than any (the guard's rule).
      await this.guard.check(attempt, input.client.appId, input.client.appSecret);
    } else if (input.bearer !== input.token) {
      await attempt.failed();
      throw new ClientUnauthorizedError();
    } else {
      await attempt.succeeded();
    }
    const claims = this.claimsOf(input.token);
    if (claims === null || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return { revoked: false };
    const owner = typeof claims.sub === 'string' && typeof claims.iat === 'number' ? { subject: claims.sub, issuedAt: claims.iat } : undefined;
    await this.store.revokeToken(claims.jti, claims.exp, claims.exp + this.policy.clockToleranceSeconds, owner);
    // Bounded growth: a subject revoking token after token (login + sign-out in a loop) holds at most the cap.
    if (owner && this.policy.tokensPerSubject !== undefined) {
      await this.store.capSubject(owner.subject, this.policy.tokensPerSubject, this.policy.maxTokenLifetimeSeconds);
    }
    await this.store.purge(epochSeconds(this.clock.now()));
    this.observe('token', { subjects: [], tokens: [{ jti: claims.jti, expiresAt: claims.exp }] });
    return { revoked: true };
  }

  /**
   * A request the HTTP layer could not read (no token, malformed credentials):
   * it counts as a failed attempt, then `error` is thrown, or the refusal when
   * the address is over its limit.
   */
  async refuseMalformed(address: string | undefined, error: Error): Promise<never> {
    const attempt = await this.guard.begin(address);
    await attempt.failed();
    throw error;
  }

  private claimsOf(token: string): TokenClaims | null {
    try {
      return this.verifier.verify(token);
    } catch (error) {
      // "Cannot decide now" is no invalid token: answering 200 would report a revocation that was never recorded.
      if (error instanceof DomainError && !(error instanceof RevocationStaleError || error instanceof KeyUnavailableError)) return null;
      throw error;
    }
  }
}
