/**
 * How many logins one process takes on at once. A login that checks a
 * password costs a hash on a shared thread pool and writes to the shared
 * attempt counters; a burst beyond what the process can hash soon must be
 * refused before any of that work (the attempt is then neither counted nor
 * evaluated), or the counters and the pool starve every other request.
 */
export interface LoginCapacity {
  /** A place for one login, released by calling the returned function; null when full (refuse at once). */
  enter(): (() => void) | null;
}
