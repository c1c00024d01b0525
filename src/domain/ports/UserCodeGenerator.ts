/** User codes for the device flow (RFC 8628 §6.1). */
export interface UserCodeGenerator {
  /** USER_CODE_LENGTH random letters of USER_CODE_ALPHABET, normalised (no dash). */
  next(): string;
}
