import { ClientUnauthorizedError, TooManyRefreshesError } from '../../domain/errors';
import { InvalidGrantError } from '../../domain/grantErrors';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { RefreshTokenFamily } from '../../domain/ports/RefreshTokenStore';
import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import type { RefreshTokenFamilies } from './RefreshTokenFamilies';
import { accessStillRegistered, accessWithin, type RequestedAccess } from '../../domain/model/GrantedAccess';
import type { AccessTokenIssuer } from '../tokens/AccessTokenIssuer';
import type { IdTokenIssuer } from '../tokens/IdTokenIssuer';
import { grantsOpenId } from '../../domain/model/OpenIdScope';
import type { UserTokenGrantResult } from './TokenGrantResult';
import type { FindActiveToken } from './FindActiveToken';

export interface RefreshAccessTokenInput {
  readonly refreshToken: string;
  /** The client the token endpoint authenticated (AuthenticateClient); null when the request named none. */
  readonly client: AuthenticatedClient | null;
  /** RFC 6749 §6 `scope`, RFC 8707 `resource`: a part of the family's grant (all of it when none is named). */
  readonly requested: RequestedAccess;
  /** The thumbprint of the request's DPoP key (CheckDpopProof); absent without a proof. */
  readonly dpopJkt?: string;
}

/**
 * The refresh_token grant (RFC 6749 §6) with rotation (RFC 9700 §4.14.2):
 * the presented token must be its family's current one, the family alive
 * (not revoked, before its absolute end and idle timeout) and bound to the
 * client the token endpoint authenticated (a public client: by its
 * `client_id` alone; a family of no client: no client). Then a new
 * access token and a new refresh token are issued, and the presented one is
 * dead: the store swaps it in one conditional write, so of two instances
 * presented the same token at once only one succeeds. A token that was already
 * used (or that loses that race) is a replay: the whole family ends, with
 * every access token it issued. The family's user must still be active and
 * not locked out since the family began: the token is found by the one
 * finder introspection and userinfo ask (FindActiveToken). Every refusal of the
 * token is the same InvalidGrantError. What is minted is the family's grant
 * as the client's registration allows it now (a scope or resource removed by
 * `clients update` is dropped; none of its scopes left: InvalidScopeError). A refresh whose scopes include `openid` (the
 * family's, or the narrower ones asked) answers a new ID token (OpenID Connect
 * Core §12.2): the same `sub`, the family's `auth_time`, no nonce; made
 * before the rotation, so one that cannot be signed spends no token. The
 * refresh is counted (per family and per user) in the rotation's own write.
 * A family bound to a DPoP key (a public client's, RFC 9449 §5) is refreshed
 * only with a proof of that key; a proof binds the new access token to its key.
 */
export class RefreshAccessToken {
  constructor(
    private readonly families: RefreshTokenFamilies,
    private readonly tokens: Pick<AccessTokenIssuer, 'forUser' | 'ttlSeconds'>,
    /** The one token finder introspection and userinfo ask too: the family's state and its user's status. */
    private readonly finder: Pick<FindActiveToken, 'refreshToken'>,
    private readonly idTokens: Pick<IdTokenIssuer, 'issue'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: RefreshAccessTokenInput): Promise<UserTokenGrantResult> {
    const presented = input.client?.id ?? null;
    const found = await this.finder.refreshToken(input.refreshToken, presented);
    if (found === null) throw new InvalidGrantError('unknown refresh token');
    const { family } = found;
    if (found.state === 'used') {
      await this.families.end(family.familyId);
      this.reuseDetected(family, 'used_before');
      throw new InvalidGrantError('refresh token used before: its family ended');
    }
    if (found.state === 'other-client') {
      // A confidential client must authenticate (RFC 6749 §6); a token is honoured only for the client it was issued to.
      if (presented === null) throw new ClientUnauthorizedError();
      throw new InvalidGrantError('refresh token of another client');
    }
    if (found.state === 'ended') throw new InvalidGrantError('refresh-token family ended, expired or idle');
    // Families end with a lock-out; the finder checks it too, so a family that missed it (a write lost, a user store of its own) mints nothing.
    if (found.state === 'locked-out') throw new InvalidGrantError(found.reason);
    if (family.dpopJkt !== undefined && family.dpopJkt !== input.dpopJkt) throw new InvalidGrantError('refresh token bound to another DPoP key, or sent without a proof');
    // Never wider than the grant the family began with (RFC 6749 §6), nor than the client's registration now; the family keeps all of it.
    const allowed = input.client === null ? family.granted : accessStillRegistered(family.granted, input.client);
    const access = accessWithin(allowed, input.requested);
    // Stryker disable next-line OptionalChaining: a family of a client was refused above unless that client presented it, so input.client is set here
    const issued = await this.tokens.forUser(family.user, family.clientId === null ? null : { clientId: family.clientId, access, configured: input.client?.configured, signIn: { authTime: family.authTime, authentication: family.authentication } }, input.dpopJkt ?? null);
    // An ID token is for a client (its aud): a family of no client has none to name.
    const idToken =
      family.clientId !== null && grantsOpenId(access.scopes)
        ? await this.idTokens.issue({ subject: family.user.id, clientId: family.clientId, authTime: family.authTime, sid: family.sid, authentication: family.authentication, accessToken: issued.token })
        : undefined;
    // Counted with the rotation, success or not; over a limit the token is not spent, so the client can come back after Retry-After.
    const next = await this.families.rotate(family, input.refreshToken, issued);
    if (typeof next === 'object' && next !== null) throw new TooManyRefreshesError(next.retryAfterSeconds);
    if (next === null) {
      // Another request rotated this very token first: one of the two is a replay.
      await this.families.end(family.familyId);
      this.reuseDetected(family, 'rotated_concurrently');
      throw new InvalidGrantError('refresh token rotated concurrently: its family ended');
    }
    this.trail.record({
      type: 'token.issued',
      outcome: 'success',
      account: family.user.account,
      client: family.clientId,
      details: { grant: 'refresh_token', subject: family.user.id, scopes: access.scopes },
    });
    return { accessToken: issued.token, expiresInSeconds: this.tokens.ttlSeconds, scopes: access.scopes, refreshToken: next, ...(idToken === undefined ? {} : { idToken }) };
  }

  private reuseDetected(family: RefreshTokenFamily, how: 'used_before' | 'rotated_concurrently'): void {
    this.trail.record({
      type: 'refresh.reuse_detected',
      outcome: 'failure',
      account: family.user.account,
      client: family.clientId,
      details: { subject: family.user.id, family: family.familyId, how, familyEnded: true },
    });
  }
}
