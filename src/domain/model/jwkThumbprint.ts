import type { DpopAlgorithm } from './DpopProof';

/** A public JSON Web Key (RFC 7517) as a proof carries it: its members, nothing private. */
export type PublicJwk = Readonly<Record<string, unknown>> & { readonly kty: string };

/** Members only a private or symmetric key has (RFC 7518 §6.2.2, §6.3.2, §6.4; RFC 8037 §2). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** The key type and curve each algorithm needs (RFC 7518 §3.3-3.5, RFC 8037 §3.1). */
const KEY_OF_ALG: Readonly<Record<DpopAlgorithm, { readonly kty: string; readonly crv?: readonly string[] }>> = {
  ES256: { kty: 'EC', crv: ['P-256'] },
  PS256: { kty: 'RSA' },
  RS256: { kty: 'RSA' },
  EdDSA: { kty: 'OKP', crv: ['Ed25519', 'Ed448'] },
};

/** The members RFC 7638 §3.2 hashes, per key type, in lexicographic order. */
const REQUIRED_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  EC: ['crv', 'kty', 'x', 'y'],
  RSA: ['e', 'kty', 'n'],
  OKP: ['crv', 'kty', 'x'],
};

/** A public key of the algorithm's type: no private member, every member the thumbprint needs a string. */
export function isPublicJwkFor(jwk: unknown, alg: DpopAlgorithm): jwk is PublicJwk {
  if (jwk === null || typeof jwk !== 'object' || Array.isArray(jwk)) return false;
  const members = jwk as Record<string, unknown>;
  const expected = KEY_OF_ALG[alg];
  if (members.kty !== expected.kty) return false;
  if (expected.crv !== undefined && !expected.crv.includes(members.crv as string)) return false;
  if (PRIVATE_MEMBERS.some((name) => name in members)) return false;
  return REQUIRED_MEMBERS[expected.kty].every((name) => typeof members[name] === 'string');
}

/**
 * RFC 7638 §3: the JSON whose SHA-256 is the key's thumbprint (DPoP's `jkt`): the required members of its type
 * only, in lexicographic order, without whitespace. Null for a key type without a thumbprint here.
 */
export function thumbprintInput(jwk: PublicJwk): string | null {
  const required = Object.prototype.hasOwnProperty.call(REQUIRED_MEMBERS, jwk.kty) ? REQUIRED_MEMBERS[jwk.kty] : undefined;
  if (required === undefined || required.some((name) => typeof jwk[name] !== 'string')) return null;
  return `{${required.map((name) => `${JSON.stringify(name)}:${JSON.stringify(jwk[name])}`).join(',')}}`;
}
