import { createHash, createPrivateKey, createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';

/**
 * Conversions between the store's text form of keys and node:crypto KeyObjects.
 * Public keys travel as Base64 X.509 SPKI DER (what Java's X509EncodedKeySpec
 * reads); PEM is accepted on input for tolerance.
 */

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

export function secretKeyFromText(text: string): KeyObject {
  return createSecretKey(strictBase64(text.trim()));
}

export function publicKeyToText(key: KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).toString('base64');
}

export function privateKeyToText(key: KeyObject): string {
  return key.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}

/** RFC 7638 JWK thumbprint (SHA-256, base64url) of a public or secret key. */
export function jwkThumbprint(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  const members: Record<string, unknown> =
    jwk.kty === 'RSA'
      ? { e: jwk.e, kty: jwk.kty, n: jwk.n }
      : jwk.kty === 'EC'
        ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }
        : { k: jwk.k, kty: jwk.kty };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

/** Decodes Base64, refusing text that is not Base64 (Buffer.from would silently skip it). */
function strictBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) {
    throw new TypeError('key text is not Base64');
  }
  return Buffer.from(compact, 'base64');
}
