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

/**
 * An HMAC secret from its Base64 text. Refuses text that is, or encodes, a
 * public or private key (SPKI/PKCS#1/PKCS#8 DER, PEM, a JWK): a public key is
 * public, so an HMAC "secret" made of one lets anyone mint tokens.
 */
export function secretKeyFromText(text: string): KeyObject {
  // Stryker disable next-line MethodExpression: equivalent, keyEncodingOf and strictBase64 both ignore blanks around the text
  const trimmed = text.trim();
  const encoded = keyEncodingOf(trimmed);
  if (encoded) throw new TypeError(`the key text is ${encoded}, not an hmac secret`);
  const bytes = strictBase64(trimmed);
  const decoded = keyEncodingOf(bytes);
  if (decoded) throw new TypeError(`the key text is ${decoded}, not an hmac secret`);
  return createSecretKey(bytes);
}

/** What key format `data` is (e.g. "an rsa public key (SPKI DER)"), or null when it is none (plain secret bytes). */
export function keyEncodingOf(data: string | Buffer): string | null {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent choice of text: a string's toString ignores the encoding, and a Buffer read as latin1 or utf8 shows the same ASCII armour
  if (/-----BEGIN [A-Z ]*KEY-----/.test(typeof data === 'string' ? data : data.toString('latin1'))) return 'a PEM key';
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent choice of text: a string's toString ignores the encoding, and utf8 is a Buffer's default
  if (isJsonWebKey(typeof data === 'string' ? data : data.toString('utf8'))) return 'a JSON Web Key';
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, text that is neither PEM nor JSON parses as no DER key below either
  if (typeof data === 'string') return null;
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      return `an ${createPublicKey({ key: data, format: 'der', type }).asymmetricKeyType} public key (${type.toUpperCase()} DER)`;
    } catch {
      // not this encoding
    }
  }
  try {
    return `an ${createPrivateKey({ key: data, format: 'der', type: 'pkcs8' }).asymmetricKeyType} private key (PKCS8 DER)`;
  } catch {
    return null;
  }
}

/**
 * A JWK or a JWK Set, parsed, not guessed from a leading "{": random secret bytes begin with one
 * about once in 256 secrets, and such a secret must stay usable.
 */
function isJsonWebKey(text: string): boolean {
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent shortcut, JSON that does not open with { is never an object, which the parse below also finds
  if (!text.trimStart().startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(text);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, `in` on null or a primitive throws, and the catch answers false as these checks do
    return typeof value === 'object' && value !== null && ('kty' in value || Array.isArray((value as { keys?: unknown }).keys));
  } catch {
    return false;
  }
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
  // Stryker disable next-line Regex: equivalent, removing every blank one by one or run by run gives the same text
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) {
    throw new TypeError('key text is not Base64');
  }
  return Buffer.from(compact, 'base64');
}
