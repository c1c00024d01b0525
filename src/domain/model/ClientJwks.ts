import { InvalidRequestError } from '../errors';

/** A public JSON Web Key as registered (RFC 7517): its members as given, private ones refused by clientJwksOf. */
export type PublicJwk = Readonly<Record<string, unknown>> & { readonly kty: string; readonly kid?: string };

/** The client assertion algorithms accepted (RFC 7523 §3): asymmetric only, none and HMAC never. */
export const CLIENT_ASSERTION_ALGS = ['RS256', 'PS256', 'ES256', 'EdDSA'] as const;
export type ClientAssertionAlg = (typeof CLIENT_ASSERTION_ALGS)[number];

export const MAX_CLIENT_KEYS = 10;

/** Members that only a private (or symmetric) key has: a registered set holding one would hand out the secret half. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const KEY_TYPES = new Set(['RSA', 'EC', 'OKP']);

export function isClientAssertionAlg(alg: unknown): alg is ClientAssertionAlg {
  return (CLIENT_ASSERTION_ALGS as readonly unknown[]).includes(alg);
}

/**
 * The keys of a JWKS document (`{ "keys": [...] }`) a client signs its assertions with, checked:
 * RSA, EC or OKP public keys only (a private or symmetric member is refused), each `kid` once,
 * at most MAX_CLIENT_KEYS. Throws InvalidRequestError naming what is wrong.
 */
export function clientJwksOf(document: unknown): readonly PublicJwk[] {
  // Anything but an object has no `keys` array either (a string's or a number's `keys` is undefined).
  const keys = (document as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new InvalidRequestError('the JWKS must be a JSON object with a "keys" array');
  if (keys.length === 0) throw new InvalidRequestError('the JWKS holds no key');
  if (keys.length > MAX_CLIENT_KEYS) throw new InvalidRequestError(`the JWKS may hold at most ${MAX_CLIENT_KEYS} keys`);
  const kids = new Set<string>();
  return keys.map((key: unknown, index) => {
    if (typeof key !== 'object' || key === null || Array.isArray(key)) throw new InvalidRequestError(`JWKS key ${index} is not a JSON object`);
    const jwk = key as Record<string, unknown>;
    if (!KEY_TYPES.has(jwk.kty as string)) throw new InvalidRequestError(`JWKS key ${index} must be of kty RSA, EC or OKP`);
    const secret = PRIVATE_MEMBERS.find((member) => member in jwk);
    if (secret !== undefined) throw new InvalidRequestError(`JWKS key ${index} holds the private member "${secret}": register public keys only`);
    if (jwk.kid !== undefined) {
      if (typeof jwk.kid !== 'string') throw new InvalidRequestError(`JWKS key ${index} has a kid that is not a string`);
      if (kids.has(jwk.kid)) throw new InvalidRequestError(`JWKS kid ${JSON.stringify(jwk.kid)} is given twice`);
      kids.add(jwk.kid);
    }
    return jwk as PublicJwk;
  });
}

/** Whether `jwk` may verify a signature of `alg` (RFC 7518): its key type, its curve, and its own `alg` when it names one. */
export function keyFitsAlg(jwk: PublicJwk, alg: ClientAssertionAlg): boolean {
  if (jwk.alg !== undefined && jwk.alg !== alg) return false;
  if (jwk.use !== undefined && jwk.use !== 'sig') return false;
  if (alg === 'ES256') return jwk.kty === 'EC' && jwk.crv === 'P-256';
  if (alg === 'EdDSA') return jwk.kty === 'OKP' && jwk.crv === 'Ed25519';
  return jwk.kty === 'RSA';
}
