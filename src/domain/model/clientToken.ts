import type { AccessTokenClaims, ClientTokenClaims } from '@auth-service/client';

/** A user token may carry `client_id` too (the client it was issued through): only the absence of user claims makes a client token. */
export function isClientToken(claims: AccessTokenClaims): claims is ClientTokenClaims {
  return 'client_id' in claims && !('userId' in claims);
}
