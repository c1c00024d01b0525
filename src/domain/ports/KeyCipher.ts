/**
 * Protects secret key material at rest. The kid is bound to the ciphertext
 * (associated data), so a ciphertext moved to another row does not decrypt.
 */
export interface KeyCipher {
  /** True when the stored text is in this cipher's (or any) encrypted form. */
  isEncrypted(stored: string): boolean;
  encrypt(plaintext: string, kid: string): string;
  /** Throws KeyDecryptionError when the text cannot be decrypted with this cipher. */
  decrypt(stored: string, kid: string): string;
}
