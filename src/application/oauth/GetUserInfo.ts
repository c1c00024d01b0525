import { TokenMissingError } from '../../domain/errors';
import type { ActiveUsers } from '../../domain/ports/ActiveUsers';
import { bearerToken, type AccessTokenClaims, type TokenClaims } from '@auth-service/client';
import { isClientToken } from '../../domain/model/clientToken';
import { assertPresentedAsBound } from '../../domain/model/tokenBinding';
import { grantsOpenId } from '../../domain/model/OpenIdScope';
import { standardClaimsOf } from '../../domain/model/standardClaims';
import { USER_FIELDS, releasedFieldsOf, type UserField } from '../../domain/model/userFieldsByScope';
import { userOf, type ActiveAccessTokens } from './FindActiveToken';

export interface GetUserInfoInput {
  /** The raw Authorization header, if any. */
  readonly authorization: string | undefined;
  /** The token sent as the form parameter `access_token` (RFC 6750 §2.2), instead of the header. */
  readonly accessToken?: string;
  /** The thumbprint of the request's DPoP proof (`Authorization: DPoP`, checked by CheckDpopProof); absent for a bearer token. */
  readonly dpopJkt?: string;
}

/** The ids of the AUTH_CLIENTS entries: their user tokens answer every field, as the seed login's do. */
export type ConfiguredClientIds = Pick<ReadonlySet<string>, 'has'>;

/** Plain claims about whoever the token names; `sub` first and always present. */
export type GetUserInfoResult = Readonly<Record<string, string | boolean>>;

/**
 * The OAuth/OpenID userinfo answer for a bearer token: for a user token its
 * `sub` and profile claims (for a stored client's token only those its scopes
 * release: releasedFieldsOf), for a client token (client_credentials) `sub` and
 * `client_id`, both the client's id. A user token whose `scope` includes
 * `openid` answers, after those, the OpenID Connect claims its scopes ask for
 * (standardClaimsOf, OIDC Core §5.3-5.4); without `openid` (the seed login,
 * the password grant, a code flow without it) the answer is as it always was. The token is
 * found by the one finder introspection and the refresh ask too (FindActiveToken):
 * a revoked token, or one whose user is no longer active in the user store (a
 * user disabled or removed in a team's own store, AUTH_USER_STORE=module:…
 * with findById, which revokes nothing here), gets no profile. A DPoP-bound
 * token answers only beside a proof of its key, and a proof only beside a
 * token bound to its key (assertPresentedAsBound).
 */
export class GetUserInfo {
  constructor(
    /** The one token finder (FindActiveToken): a token revoked, or of a user no longer active, is refused there. */
    private readonly tokens: ActiveAccessTokens,
    private readonly users: Pick<ActiveUsers, 'emailOf'>,
    private readonly configuredClients: ConfiguredClientIds,
  ) {}

  /** Synchronous for a client token unless the token's kid makes the keys reload; a user token waits for the user store. */
  execute(input: GetUserInfoInput): GetUserInfoResult | Promise<GetUserInfoResult> {
    const token = input.accessToken ?? bearerToken(input.authorization);
    if (token === null) throw new TokenMissingError();
    const claims = this.tokens.verifyAccessToken(token);
    return claims instanceof Promise ? claims.then((verified) => this.answer(verified, input.dpopJkt)) : this.answer(claims, input.dpopJkt);
  }

  private answer(claims: AccessTokenClaims, dpopJkt: string | undefined): GetUserInfoResult | Promise<GetUserInfoResult> {
    assertPresentedAsBound(claims, dpopJkt);
    if (isClientToken(claims)) return { sub: claims.sub, client_id: claims.client_id };
    return this.userAnswer(claims);
  }

  private async userAnswer(claims: TokenClaims): Promise<GetUserInfoResult> {
    const scopes = scopesOf(claims);
    // Tokens carry no email: asked of the user store, and only for a token granted it.
    const email = grantsOpenId(scopes) && scopes.includes('email') ? await this.users.emailOf(userOf(claims)) : null;
    return userInfoOf(claims, scopes, email, this.releasedFor(claims, scopes));
  }

  /** A token issued through no client (the seed login) or to an AUTH_CLIENTS entry answers every field, as it always has. */
  private releasedFor(claims: TokenClaims, scopes: readonly string[]): (field: UserField) => boolean {
    if (claims.client_id === undefined || this.configuredClients.has(claims.client_id)) return () => true;
    const released = releasedFieldsOf(scopes);
    return (field) => released.has(field);
  }
}

function userInfoOf(claims: TokenClaims, scopes: readonly string[], email: string | null, released: (field: UserField) => boolean): GetUserInfoResult {
  const info: Record<string, string> = { sub: claims.sub };
  for (const name of USER_FIELDS) {
    const value = claims[name];
    if (value !== undefined && released(name)) info[name] = value;
  }
  return { ...info, ...standardClaimsOf(email === null ? claims : { ...claims, email }, scopes) };
}

/** The token's granted scopes (RFC 9068 §2.2.3 `scope`, space-separated); none when it carries none. */
function scopesOf(claims: TokenClaims & { readonly scope?: unknown }): readonly string[] {
  return typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
}
