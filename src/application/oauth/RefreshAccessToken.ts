import { ClientUnauthorizedError, TooManyRefreshesError } from '../../domain/errors';
import { InvalidGrantError } from '../../domain/grantErrors';
import type { AttemptLimiter } from '../../domain/ports/AttemptLimiter';
import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import type { RefreshTokenFamilies } from './RefreshTokenFamilies';
import { accessWithin, type RequestedAccess } from '../../domain/model/GrantedAccess';
import type { AccessTokenIssuer } from '../tokens/AccessTokenIssuer';
import type { IdTokenIssuer } from '../tokens/IdTokenIssuer';
import { grantsOpenId } from '../../domain/model/OpenIdScope';
import type { UserTokenGrantResult } from './TokenGrantResult';
import type { GrantOwners } from './GrantOwners';

export interface RefreshAccessTokenInput {
  readonly refreshToken: string;
  /** The client the token endpoint authenticated (AuthenticateClient); null when the request named none. */
  readonly client: AuthenticatedClient | null;
  /** RFC 6749 §6 `scope`, RFC 8707 `resource`: a part of the family's grant (all of it when none is named). */
  readonly requested: RequestedAccess;
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
 * not locked out since the family began (GrantOwners). Every refusal is the
 * same InvalidGrantError. A refresh whose scopes include `openid` (the
 * family's, or the narrower ones asked) answers a new ID token (OpenID Connect
 * Core §12.2): the same `sub`, the family's `auth_time`, no nonce; made
 * before the rotation, so one that cannot be signed spends no token.
 */
export class RefreshAccessToken {
  constructor(
    private readonly families: RefreshTokenFamilies,
    private readonly tokens: Pick<AccessTokenIssuer, 'forUser' | 'ttlSeconds'>,
    private readonly owners: Pick<GrantOwners, 'assertMayMint'>,
    /** Refreshes counted per family and per user (REFRESH_LIMIT): what bounds a family's rotations, and so the tokens ending it revokes. */
    private readonly refreshes: AttemptLimiter,
    private readonly idTokens: Pick<IdTokenIssuer, 'issue'>,
  ) {}

  async execute(input: RefreshAccessTokenInput): Promise<UserTokenGrantResult> {
    const lookup = await this.families.find(input.refreshToken);
    if (lookup === null) throw new InvalidGrantError('unknown refresh token');
    const { family } = lookup;
    if (!lookup.current) {
      await this.families.end(family.familyId);
      throw new InvalidGrantError('refresh token used before: its family ended');
    }
    // A confidential client must authenticate (RFC 6749 §6); a token is honoured only for the client it was issued to.
    const presented = input.client?.id ?? null;
    if (family.clientId !== null && presented === null) throw new ClientUnauthorizedError();
    if (presented !== family.clientId) throw new InvalidGrantError('refresh token of another client');
    if (!this.families.isAlive(family, this.families.now())) throw new InvalidGrantError('refresh-token family ended, expired or idle');
    // Families end with a lock-out; checked here too, so a family that missed it (a write lost, a user store of its own) mints nothing.
    await this.owners.assertMayMint(family.user, family.createdAt);
    // Counted for good, success or not; over a limit the token is not spent, so the client can come back after Retry-After.
    const counted = await this.refreshes.reserve([`family:${family.familyId}`, `user:${family.subject}`]);
    if (counted.retryAfterSeconds !== null) throw new TooManyRefreshesError(counted.retryAfterSeconds);
    await counted.failed();
    // Never wider than the grant the family began with (RFC 6749 §6); the family keeps all of it.
    const access = accessWithin(family.granted, input.requested);
    const issued = await this.tokens.forUser(family.user, family.clientId === null ? null : { clientId: family.clientId, access });
    // An ID token is for a client (its aud): a family of no client has none to name.
    const idToken =
      family.clientId !== null && grantsOpenId(access.scopes)
        ? await this.idTokens.issue({ subject: family.user.id, clientId: family.clientId, authTime: family.authTime, sid: family.sid, accessToken: issued.token })
        : undefined;
    const next = await this.families.rotate(family, input.refreshToken, issued);
    if (next === null) {
      // Another request rotated this very token first: one of the two is a replay.
      await this.families.end(family.familyId);
      throw new InvalidGrantError('refresh token rotated concurrently: its family ended');
    }
    return { accessToken: issued.token, expiresInSeconds: this.tokens.ttlSeconds, scopes: access.scopes, refreshToken: next, ...(idToken === undefined ? {} : { idToken }) };
  }
}
