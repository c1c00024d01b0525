/** Seconds a client is told to wait while no verification key is held. */
export const KEY_UNAVAILABLE_RETRY_AFTER_SECONDS = 60;

/** Seconds a request is told to wait while the shared store cannot be reached (a failover takes seconds to a minute). */
export const STORE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Seconds a token check is told to wait while the revocations held are too old to trust. */
export const REVOCATION_STALE_RETRY_AFTER_SECONDS = 30;

/** Seconds a login refused because password hashing is saturated is told to wait: a burst drains within about a second. */
export const LOGIN_BUSY_RETRY_AFTER_SECONDS = 1;
