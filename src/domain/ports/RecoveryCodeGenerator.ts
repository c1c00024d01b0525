/** Fresh recovery codes: ten base32 characters each (50 random bits), as `XXXXX-XXXXX`. */
export interface RecoveryCodeGenerator {
  next(): string;
}
