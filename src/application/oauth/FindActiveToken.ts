import { TokenRevokedError } from '../../domain/errors';
import type { AccessTokenClaims, TokenClaims } from '@auth-service/client';
import { isClientToken } from '../../domain/model/clientToken';
import type { ActiveUsers, UserReference } from '../../domain/ports/ActiveUsers';
import type { RefreshTokenFamily } from '../../domain/ports/RefreshTokenStore';
import type { ServiceAccessTokenVerifier } from '../keys/KeyReloadingAccessTokenVerifier';
import type { GrantOwners } from './GrantOwners';
import type { RefreshTokenFamilies } from './RefreshTokenFamilies';

/** Access tokens as the finder answers for them: verified, not revoked, their user still active. */
export interface ActiveAccessTokens {
  verifyAccessToken(token: string): AccessTokenClaims | Promise<AccessTokenClaims>;
}

/**
 * A refresh token as found, in the order it is checked: `used` (no longer its
 * family's current token: a replay), `other-client` (bound to another client,
 * or to one while the caller named none), `ended` (the family revoked, past
 * its absolute end or idle), `locked-out` (its user may no longer receive
 * tokens, `reason` for the log) or `active`.
 */
export type FoundRefreshToken =
  | { readonly state: 'used' | 'other-client' | 'ended' | 'active'; readonly family: RefreshTokenFamily }
  | { readonly state: 'locked-out'; readonly family: RefreshTokenFamily; readonly reason: string };

/**
 * The one answer to "is this token active" for introspection, userinfo and the
 * refresh grant (oidc-provider `helpers/token_find.js`). An access token: the
 * revocation-checking verifier's word (signature, issuer, expiry, the token,
 * its user's and its client's revocations: a removed client's tokens are
 * revoked with it), then, for a user token, the user status: a user disabled
 * or removed in the user store (which revokes nothing here) holds no active
 * token. A refresh token: its family's state, then the user status and the
 * user's not-before (GrantOwners, asked of the shared store).
 */
export class FindActiveToken implements ActiveAccessTokens {
  constructor(
    private readonly verifier: ServiceAccessTokenVerifier,
    private readonly users: Pick<ActiveUsers, 'isActive'>,
    private readonly families: Pick<RefreshTokenFamilies, 'find' | 'isAlive' | 'now'>,
    private readonly owners: Pick<GrantOwners, 'refusal'>,
  ) {}

  /** The claims of an active access token; the verifier's refusal, or TokenRevokedError for a user no longer active. Synchronous for a client token the verifier answers at once. */
  verifyAccessToken(token: string): AccessTokenClaims | Promise<AccessTokenClaims> {
    const claims = this.verifier.verifyAccessToken(token);
    return claims instanceof Promise ? claims.then((verified) => this.ofActiveUser(verified)) : this.ofActiveUser(claims);
  }

  /** The refresh token's family and state for the client asking (null: none named); null for a token never issued (or its family deleted). */
  async refreshToken(token: string, clientId: string | null): Promise<FoundRefreshToken | null> {
    const lookup = await this.families.find(token);
    if (lookup === null) return null;
    const { family } = lookup;
    if (!lookup.current) return { state: 'used', family };
    if (family.clientId !== clientId) return { state: 'other-client', family };
    if (!this.families.isAlive(family, this.families.now())) return { state: 'ended', family };
    const reason = await this.owners.refusal(family.user, family.createdAt);
    return reason === null ? { state: 'active', family } : { state: 'locked-out', family, reason };
  }

  private ofActiveUser(claims: AccessTokenClaims): AccessTokenClaims | Promise<AccessTokenClaims> {
    // A client token (client_credentials) names no user.
    if (isClientToken(claims)) return claims;
    return this.users.isActive(userOf(claims)).then((active) => {
      // Answered as a revoked token: the token is no longer good for this user.
      if (!active) throw new TokenRevokedError();
      return claims;
    });
  }
}

/**
 * The user a user token was issued to, as the user store is asked about it: `sub` is the user's id; a token
 * whose scopes released no profile carries no `account`, and its user is then looked up by id alone.
 */
export function userOf(claims: TokenClaims): UserReference {
  return { id: claims.sub, account: claims.account ?? null };
}
