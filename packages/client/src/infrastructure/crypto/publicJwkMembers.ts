import { createHash } from 'node:crypto';

/** Members that make a JWK private (RFC 7517 §9.2, RFC 7518 §6): a proof must carry a public key only. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** The key type (and curve) each pinned proof algorithm takes, with the members of its RFC 7638 thumbprint, in order. */
const SHAPE: Readonly<Record<string, { readonly kty: string; readonly crv?: readonly string[]; readonly members: readonly string[] }>> = {
  ES256: { kty: 'EC', crv: ['P-256'], members: ['crv', 'kty', 'x', 'y'] },
  RS256: { kty: 'RSA', members: ['e', 'kty', 'n'] },
  PS256: { kty: 'RSA', members: ['e', 'kty', 'n'] },
  EdDSA: { kty: 'OKP', crv: ['Ed25519', 'Ed448'], members: ['crv', 'kty', 'x'] },
};

/**
 * The required public members of a proof's `jwk` for `alg`, with their RFC 7638 thumbprint (SHA-256,
 * base64url), or what is wrong with it: not an object, private material, another key type or curve, a
 * member missing or not a string.
 */
export function publicJwkMembers(jwk: unknown, alg: string): { readonly jkt: string; readonly members: Readonly<Record<string, string>> } | string {
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) return 'the DPoP proof has no jwk header';
  const given = jwk as Record<string, unknown>;
  if (PRIVATE_MEMBERS.some((member) => member in given)) return 'the DPoP proof jwk holds private key material';
  const shape = SHAPE[alg];
  if (given.kty !== shape.kty || (shape.crv !== undefined && !shape.crv.includes(given.crv as string))) return `the DPoP proof jwk is not a key for ${alg}`;
  const members: Record<string, string> = {};
  for (const name of shape.members) {
    const value = given[name];
    if (typeof value !== 'string' || value === '') return `the DPoP proof jwk lacks ${name}`;
    members[name] = value;
  }
  return { jkt: createHash('sha256').update(JSON.stringify(members)).digest('base64url'), members };
}
