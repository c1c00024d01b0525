/**
 * What every error answer shares, whichever shape it takes (the envelope of
 * errorMapper.ts, the RFC JSON of standardErrors.ts): how long a client is told
 * to wait, and the RFC 6750 bearer challenge. One module both import, so
 * neither imports the other for them.
 */

/** Seconds a client is told to wait while no verification key is held. */
export const KEY_UNAVAILABLE_RETRY_AFTER_SECONDS = 60;

/** Seconds a request is told to wait while the shared store cannot be reached (a failover takes seconds to a minute). */
export const STORE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Seconds a token check is told to wait while the revocations held are too old to trust. */
export const REVOCATION_STALE_RETRY_AFTER_SECONDS = 30;

/** Seconds a login refused because password hashing is saturated is told to wait: a burst drains within about a second. */
export const LOGIN_BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * The RFC 6750 §3 challenge: a bare `Bearer` when the request carried no token
 * (§3.1: no error code then), otherwise the error code and, when given, its description.
 */
export function bearerChallenge(error?: 'invalid_token' | 'invalid_request', description?: string): string {
  if (error === undefined) return 'Bearer';
  return description === undefined ? `Bearer error="${error}"` : `Bearer error="${error}", error_description="${description}"`;
}
