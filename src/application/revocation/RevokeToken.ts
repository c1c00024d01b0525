import { ClientUnauthorizedError, DomainError, isUnavailable } from '../../domain/errors';
import type { AccessTokenClaims } from '@auth-service/client';
import type { Clock } from '@auth-service/client';
import type { ServiceAccessTokenVerifier } from '../keys/KeyReloadingAccessTokenVerifier';
import type { RevocationStore } from '../../domain/ports/RevocationStore';
import type { ClientAttempt, ClientSecretGuard } from '../clients/ClientSecretGuard';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { RefreshTokenFamily, RefreshTokenLookup } from '../../domain/ports/RefreshTokenStore';
import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { RevocationPolicy } from '../../domain/model/RevocationPolicy';
import type { RevocationObserver } from './RevokeUserTokens';

export interface RevokeTokenInput {
  /** The token to revoke (RFC 7009 `token`). */
  readonly token: string;
  /** The client that sent credentials (HTTP Basic or form body), already authenticated by the HTTP layer. */
  readonly client?: Pick<AuthenticatedClient, 'id'> | null;
  /** The request's own bearer token, when sent without client credentials: a token may revoke itself (logout). */
  readonly bearer?: string | null;
  /** The caller's address as the HTTP layer sees it (the guessing limits); absent when unknown. */
  readonly address?: string;
  /** A public client's `client_id`, sent without a secret (RFC 7009 §2.1 for public clients). */
  readonly publicClientId?: string;
}

/**
 * What revocation needs of the refresh-token families (oauth's RefreshTokenFamilies is one): declared here so
 * revocation does not import oauth, which imports revocation to end a family's access tokens.
 */
export interface EndableRefreshFamilies {
  find(token: string): Promise<RefreshTokenLookup | null>;
  /** Ends the family and revokes the access tokens it issued. */
  end(familyId: string): Promise<void>;
  /** Ends the family that issued this access token, if one did. */
  endOfAccessToken(jti: string): Promise<void>;
}

export interface RevokeTokenResult {
  /** False when there was nothing to revoke (invalid, expired or already revoked): the answer is the same. */
  readonly revoked: boolean;
}

/**
 * The token was issued to another client (its `client_id` names another one):
 * RFC 7009 §2.1 says "the request is refused and the client is informed of the
 * error"; the HTTP layer answers `unauthorized_client`.
 */
export class TokenOfAnotherClientError extends DomainError {
  readonly code = 'TOKEN_OF_ANOTHER_CLIENT';
  constructor() {
    super('the token was issued to another client');
  }
}

/**
 * RFC 7009 token revocation and logout: puts the token's jti on the shared
 * denylist until its exp. User tokens and client (client_credentials) tokens
 * alike: the token is read by the revocation-checking AccessTokenVerifier.
 *
 * Who may revoke (RFC 7009 §2.1):
 * - a registered client, authenticated once by the HTTP layer before this
 *   runs (AuthenticateClient, as at the token and introspection endpoints),
 *   for a token issued to it (its
 *   `client_id`) or a token issued to no client (the login endpoint's);
 *   another client's token is refused with TokenOfAnotherClientError. We
 *   refuse rather than answer 200 and revoke nothing: §2.1 asks that the client
 *   be informed, and a silent 200 would let a client believe a token it holds
 *   is dead while it still works. It reveals nothing the caller does not know:
 *   it holds the token and can read its `client_id`.
 * - without client credentials, the token itself as the bearer token
 *   (signing out). The bearer is an authentication: one that does not verify
 *   (revoked, expired, forged) is refused with its token error, as at every
 *   other route that accepts a bearer token.
 * - without client credentials, a refresh token issued to no client (it is
 *   its own credential).
 * - a registered public client by its `client_id` alone: its own refresh
 *   tokens and access tokens (`client_id` its id). Not a token issued to no
 *   client, unlike an authenticated client: the id of a public client proves
 *   nothing, so it gets no more than the tokens bound to it;
 *   TokenOfAnotherClientError for any other token that verifies.
 * Otherwise ClientUnauthorizedError. A `token` that does not verify is not an
 * error (RFC 7009 §2.2): there is nothing left to revoke.
 *
 * Guessing is limited by the token endpoint's guard (ClientSecretGuard, shared
 * with it): a presented client secret was counted where it was checked; here
 * a malformed request or a missing credential counts against the address; a
 * bearer guesses nothing (a signed token cannot be guessed), so sign-out is
 * never counted. Over the limit: TooManyKeyRequestsError.
 */
export class RevokeToken {
  constructor(
    private readonly verifier: ServiceAccessTokenVerifier,
    private readonly guard: Pick<ClientSecretGuard, 'begin'>,
    private readonly store: RevocationStore,
    private readonly clock: Clock,
    private readonly policy: RevocationPolicy,
    private readonly observe: RevocationObserver,
    private readonly families: EndableRefreshFamilies,
    private readonly registered: Pick<OAuthClientStore, 'find'>,
  ) {}

  async execute(input: RevokeTokenInput): Promise<RevokeTokenResult> {
    if (input.client) {
      const claims = await this.claimsOf(input.token);
      if (claims === null) return this.revokeRefreshToken(input.token, input.client.id);
      const owner = (claims as { client_id?: unknown }).client_id;
      if (owner !== undefined && owner !== input.client.id) throw new TokenOfAnotherClientError();
      return this.revoke(claims);
    }
    const attempt = await this.guard.begin(input.address);
    if (!input.bearer) {
      // A refresh token issued to no client is its own credential: presenting it ends it (signing out).
      const family = await this.refreshFamilyOf(input.token);
      if (family !== null && family.clientId === null) {
        await attempt.succeeded();
        return this.revokeRefreshToken(input.token, null);
      }
      // A public client names itself by its id, which is all it has: it may revoke the tokens bound to it.
      if (input.publicClientId !== undefined && (await this.isPublicClient(input.publicClientId))) {
        await attempt.succeeded();
        if (family !== null) return this.revokeRefreshToken(input.token, input.publicClientId);
        return this.revokeBoundAccessToken(input.token, input.publicClientId);
      }
      await attempt.failed();
      throw new ClientUnauthorizedError();
    }
    const claims = await this.bearerClaims(attempt, input.bearer);
    if (input.bearer !== input.token) {
      await attempt.failed();
      throw new ClientUnauthorizedError();
    }
    await attempt.succeeded();
    return this.revoke(claims);
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

  private async revoke(claims: AccessTokenClaims): Promise<RevokeTokenResult> {
    if (typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return { revoked: false };
    const owner = typeof claims.sub === 'string' && typeof claims.iat === 'number' ? { subject: claims.sub, issuedAt: claims.iat } : undefined;
    await this.store.revokeToken(claims.jti, claims.exp, claims.exp + this.policy.clockToleranceSeconds, owner);
    // Bounded growth: a subject revoking token after token (login + sign-out in a loop) holds at most the cap.
    if (owner && this.policy.tokensPerSubject !== undefined) {
      await this.store.capSubject(owner.subject, this.policy.tokensPerSubject, this.policy.maxTokenLifetimeSeconds);
    }
    await this.store.purge(epochSeconds(this.clock.now()));
    this.observe('token', { subjects: [], tokens: [{ jti: claims.jti, expiresAt: claims.exp }] });
    // Signing out with an access token ends the refresh-token family that issued it (RFC 7009 §2.1 allows it).
    await this.families.endOfAccessToken(claims.jti);
    return { revoked: true };
  }

  /**
   * A refresh token (RFC 7009 `token_type_hint=refresh_token`, or no hint: the
   * hint only orders the search): its family ends, with the access tokens it
   * issued (RFC 7009 §2.1: "SHOULD also invalidate all access tokens based on
   * the same authorization grant"). Only its own client may revoke it.
   */
  private async revokeRefreshToken(token: string, clientId: string | null): Promise<RevokeTokenResult> {
    const family = await this.refreshFamilyOf(token);
    if (family === null) return { revoked: false };
    if (family.clientId !== null && family.clientId !== clientId) throw new TokenOfAnotherClientError();
    await this.families.end(family.familyId);
    return { revoked: !family.revoked };
  }

  /**
   * A public client's access token: only one bound to it (its `client_id`).
   * Not one issued to no client either, as an authenticated client may: a
   * public client's id proves nothing, so it gets no more than its own tokens.
   */
  private async revokeBoundAccessToken(token: string, clientId: string): Promise<RevokeTokenResult> {
    const claims = await this.claimsOf(token);
    if (claims === null) return { revoked: false };
    if ((claims as { client_id?: unknown }).client_id !== clientId) throw new TokenOfAnotherClientError();
    return this.revoke(claims);
  }

  private async isPublicClient(clientId: string): Promise<boolean> {
    return (await this.registered.find(clientId))?.kind === 'public';
  }

  private async refreshFamilyOf(token: string): Promise<RefreshTokenFamily | null> {
    return (await this.families.find(token))?.family ?? null;
  }

  /**
   * The bearer's claims. A bearer that does not verify is given back, not
   * counted: a signed token cannot be guessed, so there is no oracle to guard,
   * and a user signing out twice must not spend the address's attempts (shared
   * behind a NAT with client services).
   */
  private async bearerClaims(attempt: ClientAttempt, bearer: string): Promise<AccessTokenClaims> {
    try {
      return await this.verified(bearer);
    } catch (error) {
      await attempt.succeeded();
      throw error;
    }
  }

  private async claimsOf(token: string): Promise<AccessTokenClaims | null> {
    try {
      return await this.verified(token);
    } catch (error) {
      // Unknown, expired, revoked: nothing left to revoke. "Cannot decide now" (no key yet, revocations too
      // stale) is no invalid token: answering 200 would report a revocation that was never recorded (503).
      if (error instanceof DomainError && !isUnavailable(error)) return null;
      throw error;
    }
  }

  private verified(token: string): AccessTokenClaims | Promise<AccessTokenClaims> {
    return this.verifier.verifyAccessToken(token);
  }
}
