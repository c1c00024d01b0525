/** A user's TOTP enrolment as the store keeps it; the secret decrypted (it is encrypted at rest). */
export interface TotpEnrolment {
  readonly factorId: string;
  /** Base32, as the authenticator app was given it. */
  readonly secret: string;
  /** False while the enrolment waits for its first correct code. */
  readonly confirmed: boolean;
  /** The last time step accepted (the confirming one included); null before any. */
  readonly lastStep: number | null;
  readonly createdAt: Date;
}

/**
 * TOTP secrets in the shared store, one enrolment per user. Steps are accepted
 * by conditional writes, so of two instances given the same code only one
 * accepts it (RFC 6238 §5.2: a step at or before the last accepted one is refused).
 */
export interface TotpSecretStore {
  /** The user's enrolment, confirmed or pending; null when none. */
  findTotp(userId: string): Promise<TotpEnrolment | null>;
  /** Starts an enrolment, replacing a pending one; a confirmed one stays (the caller refuses that case first). */
  startTotp(userId: string, factorId: string, secret: string, createdAt: Date): Promise<void>;
  /** Confirms the pending enrolment at `step`; false when it is no longer pending (confirmed elsewhere, replaced, removed). */
  confirmTotp(userId: string, factorId: string, step: number): Promise<boolean>;
  /** Records `step` as accepted when it is after the last accepted one; false otherwise (a replay). */
  acceptTotpStep(userId: string, step: number): Promise<boolean>;
}
