import { createHash } from 'node:crypto';

/** SHA-256 (hex) of a high-entropy token (≥ 256 random bits): what the store keeps instead of the token. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
