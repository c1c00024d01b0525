/**
 * Remembers the proofs already used, each until it expires. A per-process implementation is a cache
 * bounded in size: each instance of a service remembers the proofs it saw.
 */
export interface ProofReplayCache {
  /** True the first time `key` is seen while unexpired (then it is remembered until `expiresAt`); false for a replay. Seconds since the epoch. */
  firstUse(key: string, expiresAt: number, now: number): boolean;
}
