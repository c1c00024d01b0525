/** High-entropy secrets handed to clients (refresh tokens, authorization codes, client secrets). */
export interface SecretGenerator {
  /** At least 256 random bits, URL-safe text. */
  next(): string;
}
