/** A compact JWS read without checking it: its protected header and its claims, each a JSON object. */
export interface ReadJws {
  readonly header: Readonly<Record<string, unknown>>;
  readonly claims: Readonly<Record<string, unknown>>;
}

/** Far above any client assertion (a few hundred bytes, an RSA-4096 signature included). */
export const MAX_CLIENT_ASSERTION_LENGTH = 8 * 1024;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The header and claims of a compact JWS (three base64url parts); null for anything else. */
export function readJws(jws: string): ReadJws | null {
  if (jws.length > MAX_CLIENT_ASSERTION_LENGTH) return null;
  const parts = jws.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const header = jsonObject(parts[0]);
  const claims = jsonObject(parts[1]);
  return header === null || claims === null ? null : { header, claims };
}

function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    // JSON null is typeof 'object' and comes back as the null it is.
    return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown> | null) : null;
  } catch {
    return null;
  }
}
