/**
 * One-way password hashing. Hashes carry their own salt and parameters, so a
 * hash made with older, weaker parameters still verifies after they are raised.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; false (never an error) for a malformed hash. */
  verify(password: string, passwordHash: string): Promise<boolean>;
  /** True when the hash was made with other parameters than the current ones. */
  needsRehash(passwordHash: string): boolean;
}
