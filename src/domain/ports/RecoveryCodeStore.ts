/** Recovery codes in the shared store, kept only as digests; each can be used once, by one instance. */
export interface RecoveryCodeStore {
  /** Replaces every code of the user (used or not) with these (normalised: RecoveryCode.normaliseRecoveryCode). */
  replaceRecoveryCodes(userId: string, codes: readonly string[], at: Date): Promise<void>;
  /** Uses the code up in one conditional write; false when it is not an unused code of the user. */
  useRecoveryCode(userId: string, code: string, at: Date): Promise<boolean>;
  /** How many unused codes the user has. */
  recoveryCodesLeft(userId: string): Promise<number>;
}
