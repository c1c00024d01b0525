/**
 * Refreshes per refresh-token family and per user in a sliding hour, counted
 * on the shared store: a client refreshing every minute on a dozen devices
 * stays far below; a family rotated in a loop stops here, so the access
 * tokens its end must revoke stay bounded (and the refresh-token rows with them).
 */
export const REFRESH_LIMIT = { maxAttempts: 300, windowSeconds: 3600 };

/** The refresh limit as the refresh-token store counts it, in the rotation's own write (keys `refresh:family:…`, `refresh:user:…`). */
export const REFRESH_COUNTS = { name: 'refresh', ...REFRESH_LIMIT };
