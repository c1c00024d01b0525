import type { AccessTokenClaims, ClientTokenClaims } from '@auth-service/client';

/**
 * A client's own token (client_credentials) names the client as its subject (`sub` equal to `client_id`)
 * and carries no user field. A user token may carry `client_id` too (the client it was issued through) and,
 * issued to a stored client without `profile`, no user field but `sub`: the same rule as @auth-service/client's.
 */
export function isClientToken(claims: AccessTokenClaims): claims is ClientTokenClaims {
  const named = claims as { readonly client_id?: unknown; readonly sub?: unknown };
  return typeof named.client_id === 'string' && named.sub === named.client_id && !('userId' in claims) && !('account' in claims);
}
