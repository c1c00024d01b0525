/**
 * The proofs already seen, in the shared store so that a proof used at one instance is refused at every other
 * (RFC 9449 §11.1), each kept until the end of its window and forgotten after.
 */
export interface DpopProofReplays {
  /** True the first time `jti` is presented for the key `jkt`, on any instance; false for a replay. Epoch seconds. */
  firstUse(jkt: string, jti: string, keepUntil: number, now: number): Promise<boolean>;
}
