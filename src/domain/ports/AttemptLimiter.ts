/** One attempt, counted against every key it was reserved for. */
export interface AttemptReservation {
  /**
   * Null when the attempt may go ahead; otherwise the seconds until one more
   * attempt will be accepted (the attempt must then not be evaluated).
   */
  readonly retryAfterSeconds: number | null;
  /** The attempt succeeded: it is given back, so it does not count. */
  succeeded(): Promise<void>;
  /** The attempt failed (a wrong guess): it stays counted. */
  failed(): Promise<void>;
}

/**
 * Counts guarded attempts (password checks, client secret checks) per key,
 * e.g. `address:203.0.113.7` and `account:alice`, inside a window shared by
 * every worker and instance on one store. An attempt counts the moment it is
 * reserved, before the check runs, so parallel guesses stop at the limit.
 */
export interface AttemptLimiter {
  /** Counts one attempt against each key; refused when any key is over its limit. */
  reserve(keys: readonly string[]): Promise<AttemptReservation>;
}
