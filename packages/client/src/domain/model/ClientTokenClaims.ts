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

/** A user token may carry `client_id` too (the client it was issued through): only the absence of user claims makes a client token. */
export function isClientToken(claims: AccessTokenClaims): claims is ClientTokenClaims {
  return 'client_id' in claims && !('userId' in claims);
}
