import { TokenMissingError } from '../domain/errors';
import { isClientToken, type AccessTokenClaims } from '@auth-service/client';
import { verifiedAfterKeyRefresh, type AccessTokenVerifier, type VerificationKeySource } from '@auth-service/client';
import { bearerToken } from '@auth-service/client';

export interface GetUserInfoInput {
  /** The raw Authorization header, if any. */
  readonly authorization: string | undefined;
  /** The token sent as the form parameter `access_token` (RFC 6750 §2.2), instead of the header. */
  readonly accessToken?: string;
}

/** Plain claims about whoever the token names; `sub` first and always present. */
export type GetUserInfoResult = Readonly<Record<string, string>>;

/** Profile claims a user token may carry, in the order they are answered. */
const USER_CLAIMS = ['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade'] as const;

/**
 * The OAuth/OpenID userinfo answer for a bearer token: for a user token its
 * `sub` and profile claims, for a client token (client_credentials) `sub` and
 * `client_id`, both the client's id. The verifier must be the
 * revocation-checking one (the composition root binds it so): a revoked token
 * gets no profile here either.
 */
export class GetUserInfo {
  constructor(
    private readonly verifier: AccessTokenVerifier,
    /** Reloaded when a token names a kid not held yet (another instance's new key). */
    private readonly keys?: VerificationKeySource,
  ) {}

  /** Synchronous unless the token's kid makes the keys reload. */
  execute(input: GetUserInfoInput): GetUserInfoResult | Promise<GetUserInfoResult> {
    const token = input.accessToken ?? bearerToken(input.authorization);
    if (token === null) throw new TokenMissingError();
    const claims = verifiedAfterKeyRefresh(() => this.verifier.verifyAccessToken(token), this.keys);
    return claims instanceof Promise ? claims.then(userInfoOf) : userInfoOf(claims);
  }
}

function userInfoOf(claims: AccessTokenClaims): GetUserInfoResult {
  if (isClientToken(claims)) return { sub: claims.sub, client_id: claims.client_id };
  const info: Record<string, string> = { sub: claims.sub };
  for (const name of USER_CLAIMS) {
    const value = claims[name];
    if (value !== undefined) info[name] = value;
  }
  return info;
}
