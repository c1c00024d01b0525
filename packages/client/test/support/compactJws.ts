import { createHmac, sign as cryptoSign, constants, type KeyObject } from 'node:crypto';

/**
 * Hand-built compact JWS for attack tests: any header (alg none, a copied kid,
 * HS256 over a public key), any payload, any signing function.
 */
export function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function compactJws(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  signature: (signingInput: string) => Buffer | string,
): string {
  const signingInput = `${encodeSegment(header)}.${encodeSegment(payload)}`;
  const sig = signature(signingInput);
  return `${signingInput}.${typeof sig === 'string' ? sig : sig.toString('base64url')}`;
}

export function hmacSha256(secret: string | Buffer): (input: string) => Buffer {
  return (input) => createHmac('sha256', secret).update(input).digest();
}

export function rsaSha256(privateKey: KeyObject): (input: string) => Buffer {
  return (input) => cryptoSign('sha256', Buffer.from(input), privateKey);
}

export function rsaPssSha256(privateKey: KeyObject): (input: string) => Buffer {
  return (input) =>
    cryptoSign('sha256', Buffer.from(input), { key: privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
}

/** The decoded header and payload of a compact JWS (no verification). */
export function decodeJws(token: string): { header: Record<string, unknown>; payload: Record<string, unknown>; signature: string } {
  const [header, payload, signature] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
    signature,
  };
}
