/**
 * The claims of a user's access token. `sub` always names the user. The user's
 * fields are strings when present: tokens of the login endpoint and of clients
 * configured with the auth service (AUTH_CLIENTS) always carry `account`,
 * `nickName`, `userId` and `userType`; a token issued to a registered OAuth
 * client carries them (with `tenantId`, `avatar`, `grade`) only when its scopes
 * grant `profile`, and `telephone` only with `phone` (it always carries
 * `client_id`). Fields unknown for the
 * user are left out rather than written as null.
 */
export interface TokenClaims {
  readonly account?: string;
  readonly nickName?: string;
  readonly userId?: string;
  readonly userType?: string;
  readonly tenantId?: string;
  readonly avatar?: string;
  readonly telephone?: string;
  readonly grade?: string;
  readonly sub: string;
  readonly iss: string;
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
  /** The OAuth client the token was issued through (RFC 9068 §2.2); absent for the login endpoint's tokens. */
  readonly client_id?: string;
  /** The key the token is bound to (RFC 9449 §6.1: `jkt`, its RFC 7638 thumbprint): used only with a DPoP proof of that key. */
  readonly cnf?: { readonly jkt?: string };
  /** The authentication level of the sign-in (RFC 9068 §2.2.1, one of ACR_LEVELS). */
  readonly acr?: string;
  /** How the user signed in (RFC 8176: `pwd`, `otp`, `hwk`, `swk`, `mfa`). */
  readonly amr?: readonly string[];
  /** When the user signed in, seconds since the epoch. */
  readonly auth_time?: number;
}
