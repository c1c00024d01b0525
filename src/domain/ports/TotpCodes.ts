/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s steps) as an authenticator app computes it. */
export interface TotpCodes {
  /** A new random secret, base32 (at least 160 bits, RFC 4226 §4). */
  newSecret(): string;
  /** The `otpauth://totp/…` URI an app scans or the user types: issuer and account label it. */
  uri(secret: string, account: string, issuer: string): string;
  /** The time step of `at` (seconds since the epoch divided by 30, floored). */
  stepAt(at: Date): number;
  /** The step among `stepAt(at)` ± 1 whose code `code` is; null when none matches. */
  matchStep(secret: string, code: string, at: Date): number | null;
}
