/**
 * How many logins one process takes on at once. A login that checks a
 * password costs a hash on a shared thread pool; a burst beyond what the
 * process can hash soon must be refused before that work (the attempt is
 * then counted, but not evaluated), or the pool starves every other request.
 * One source holds at most a fair share, so a flood from a few addresses
 * cannot keep everyone else's logins out.
 */
export interface LoginCapacity {
  /** A place for one login from `source`, released by calling the returned function; null when full (refuse at once). */
  enter(source?: string): (() => void) | null;
}
