/** One attempt, counted against every key it was reserved for. */
export interface AttemptReservation {
  /**
   * Null when the attempt may go ahead; otherwise the seconds until one more
   * attempt will be accepted (the attempt must then not be evaluated).
   */
  readonly retryAfterSeconds: number | null;
  /**
   * The attempt succeeded: it is given back, so it does not count. A refused
   * reservation gives back what it counted too (its caller found it was no guess).
   */
  succeeded(): Promise<void>;
  /** The attempt failed (a wrong guess): it stays counted. */
  failed(): Promise<void>;
}

/**
 * Counts guarded attempts (password checks, client secret checks) per key,
 * e.g. `address:203.0.113.7` and `account:alice`, in a sliding window shared
 * by every worker and instance on one store. An attempt counts the moment it
 * is reserved, before the check runs, so parallel guesses stop at the limit.
 *
 * It also remembers, for a bounded time, which sources (client addresses)
 * recently succeeded for which subject (an account, a client): over a limit,
 * attempts are refused unevaluated, so a right secret cannot be told from a
 * wrong one; a remembered source instead spends an allowance of its own
 * (the OWASP device-cookie idea), so guessing cannot lock the owner out
 * (ClientSecretGuard counts only a remembered source's wrong secrets there).
 */
export interface AttemptLimiter {
  /** Counts one attempt against each key; refused when any key is over its limit. */
  reserve(keys: readonly string[]): Promise<AttemptReservation>;
  /** Whether `source` succeeded for `subject` within the remembered period. */
  knows(subject: string, source: string): Promise<boolean>;
  /** Remembers that `source` just succeeded for `subject`. */
  remember(subject: string, source: string): Promise<void>;
}

/** The allowance key of a remembered source: its attempts count here, apart from everyone else's. */
export function knownSourceKey(subject: string, source: string): string {
  return `known:${subject}@${source}`;
}

/**
 * One attempt whose keys depend on whether its source is remembered for its
 * subject: `from.whenKnown` when it is, `otherwise` when it is not (or the
 * source is not known at all). Keys are counted in order; the first refused
 * one stops the count.
 */
export interface AttemptPlan {
  readonly subject: string;
  readonly from?: { readonly source: string; readonly whenKnown: readonly string[] };
  readonly otherwise: readonly string[];
}

/** What one attempt was counted against, and how it ends. */
export interface PlannedReservation {
  /** Whether the source was remembered for the subject (so `whenKnown` was counted). */
  readonly known: boolean;
  /** As AttemptReservation's: null when the attempt may go ahead. */
  readonly retryAfterSeconds: number | null;
  /** The keys counted, in order; when refused, the refused key is the last. */
  readonly counted: readonly string[];
  /**
   * Ends the attempt: gives back `giveBack` (of the counted keys) and, with
   * `remember`, remembers the source (if the plan has one) for the subject,
   * in one store round trip. A give-back alone may instead ride on the
   * store's next count (other instances then see the attempt counted a
   * moment longer: stricter, never looser).
   * Best effort: a store that cannot take it leaves the attempt counted.
   */
  settle(outcome: { readonly giveBack: readonly string[]; readonly remember: boolean }): Promise<void>;
}

/** An AttemptLimiter that can count a planned attempt in one store round trip. */
export interface PlannedAttemptLimiter extends AttemptLimiter {
  /** Reads whether the source is known and counts the plan's keys accordingly, at once. */
  attempt(plan: AttemptPlan): Promise<PlannedReservation>;
}
