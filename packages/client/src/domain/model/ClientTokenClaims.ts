import type { TokenClaims } from './TokenClaims';

/**
 * The claims of a token issued to a registered client by the OAuth 2.0
 * `client_credentials` grant: it names a client, not a user. `sub` and
 * `client_id` are the client's id (RFC 9068 §2.2). It carries none of the user
 * claims (`account`, `userId`, …), so endpoints and client services that need
 * a user refuse it as an invalid token instead of taking the client for a user
 * whose account happens to share its name.
 */
export interface ClientTokenClaims {
  readonly sub: string;
  readonly client_id: string;
  readonly iss: string;
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
}

/** Any access token this service issues: a user's (login, password grant) or a client's. */
export type AccessTokenClaims = TokenClaims | ClientTokenClaims;

/**
 * A client's own token names the client as its subject (`sub` equal to `client_id`) and carries no
 * user field (`userId`, `account`). A user token may carry `client_id` too (the client it was issued
 * through) and, issued for scopes without `profile`, no user field but `sub`: its `sub` is the user's.
 */
export function namesClientOnly(claims: Readonly<Record<string, unknown>>): boolean {
  return typeof claims.client_id === 'string' && claims.sub === claims.client_id && !('userId' in claims) && !('account' in claims);
}

/** Whether verified claims are a client's own token (namesClientOnly) rather than a user's. */
export function isClientToken(claims: AccessTokenClaims): claims is ClientTokenClaims {
  return namesClientOnly(claims as unknown as Readonly<Record<string, unknown>>);
}
