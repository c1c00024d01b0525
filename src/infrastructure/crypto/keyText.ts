import { createPrivateKey, createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';

/**
 * How the service stores key material as text: Base64 DER (SPKI for public,
 * PKCS#8 for private keys, raw bytes for hmac secrets), or PEM where a key was
 * imported as PEM. Private keys never leave the service, so this lives here,
 * not in the client library (which reads public keys and hmac secrets its own way).
 */
export function publicKeyToText(key: KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).toString('base64');
}

export function privateKeyToText(key: KeyObject): string {
  return key.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}

export function publicKeyFromText(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPublicKey(trimmed);
  return createPublicKey({ key: strictBase64(trimmed), format: 'der', type: 'spki' });
}

export function privateKeyFromText(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPrivateKey(trimmed);
  return createPrivateKey({ key: strictBase64(trimmed), format: 'der', type: 'pkcs8' });
}

/** An hmac secret as the service generated and stored it: Base64 of its random bytes. */
export function secretKeyFromText(text: string): KeyObject {
  return createSecretKey(strictBase64(text.trim()));
}

/** Base64 with whitespace allowed between characters; anything else is refused rather than decoded leniently. */
function strictBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new TypeError('key text is not Base64');
  return Buffer.from(compact, 'base64');
}
