/**
 * WebAuthn challenges in the shared store, each bound to what asked for it
 * (a sign-in interaction, a user's account session) and taken once: any
 * instance may answer the browser's response, none twice.
 */
export interface CeremonyChallengeStore {
  /** Keeps `challenge` for `binding` until `expiresAt`, replacing the one before. */
  putChallenge(binding: string, challenge: string, expiresAt: Date): Promise<void>;
  /** Removes and answers the challenge for `binding`; null when none, or expired at `at`. */
  takeChallenge(binding: string, at: Date): Promise<string | null>;
  /** Removes every challenge expired at `at` (never answered: a sign-in page shown and left). */
  purgeChallenges(at: Date): Promise<void>;
}
