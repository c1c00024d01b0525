import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { KeyDecryptionError } from '../../domain/errors';
import type { KeyCipher } from '../../domain/ports/KeyCipher';

/** Prefix of encrypted key text: version 1 = AES-256-GCM, 96-bit IV, 128-bit tag. */
export const ENCRYPTED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM envelope for private keys (and HMAC secrets) at rest, with the
 * kid as associated data. Stored form: `enc:v1:` + Base64(iv | tag | ciphertext).
 */
export class AesGcmKeyCipher implements KeyCipher {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new RangeError('AES-256-GCM needs a 32-byte key');
    this.key = Buffer.from(key);
  }

  isEncrypted(stored: string): boolean {
    return stored.startsWith(ENCRYPTED_PREFIX);
  }

  encrypt(plaintext: string, kid: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(kid, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ENCRYPTED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
  }

  decrypt(stored: string, kid: string): string {
    if (!this.isEncrypted(stored)) return stored;
    const envelope = Buffer.from(stored.slice(ENCRYPTED_PREFIX.length), 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, envelope.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(kid, 'utf8'));
      decipher.setAuthTag(envelope.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(envelope.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch (error) {
      throw new KeyDecryptionError('AUTH_KEY_ENCRYPTION_KEY does not decrypt the stored signing keys', { cause: error });
    }
  }
}

/**
 * No encryption configured: writes plaintext, and refuses to go on with an
 * encrypted store instead of mistaking its keys for missing ones.
 */
export class PlaintextKeyCipher implements KeyCipher {
  isEncrypted(stored: string): boolean {
    return stored.startsWith(ENCRYPTED_PREFIX);
  }

  encrypt(plaintext: string): string {
    return plaintext;
  }

  decrypt(stored: string): string {
    if (this.isEncrypted(stored)) {
      throw new KeyDecryptionError('the stored signing keys are encrypted: set AUTH_KEY_ENCRYPTION_KEY');
    }
    return stored;
  }
}
