/** What every grant answers (RFC 6749 §5.1): the access token, its lifetime, the scopes granted, and a refresh token beside a user's token. */
export interface TokenGrantResult {
  readonly accessToken: string;
  readonly expiresInSeconds: number;
  /** The granted scope (§5.1 `scope`); empty when none was granted. */
  readonly scopes: readonly string[];
  readonly refreshToken?: string;
  /** OpenID Connect's ID token: beside a user's token when `openid` was granted (code exchange and refresh, IdTokenIssuer). */
  readonly idToken?: string;
}

/** A user's grant (code, password, refresh) always answers a refresh token beside the access token. */
export interface UserTokenGrantResult extends TokenGrantResult {
  readonly refreshToken: string;
}
