import type { KeyObject } from 'node:crypto';

const RSA_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
/** An RSASSA-PSS key (id-RSASSA-PSS) is restricted to PSS: it must not verify PKCS#1 v1.5 signatures. */
const RSA_PSS_ALGORITHMS = ['PS256', 'PS384', 'PS512'];
const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512'];
const EC_ALGORITHM_BY_CURVE: Readonly<Record<string, string>> = {
  prime256v1: 'ES256',
  secp384r1: 'ES384',
  secp521r1: 'ES512',
};
/** Named curves for ES algorithms, in node:crypto's naming. */
export const CURVE_BY_EC_ALGORITHM: Readonly<Record<string, string>> = {
  ES256: 'prime256v1',
  ES384: 'secp384r1',
  ES512: 'secp521r1',
};

/**
 * The algorithms a key can honestly verify, from its real type, never from a
 * token header: RSA → RS and PS, RSA-PSS → PS, EC → the ES algorithm of its
 * curve, secret → HS. Any other type (ed25519, dh, …) verifies nothing.
 */
export function algorithmsForKey(key: KeyObject): readonly string[] {
  if (key.type === 'secret') return HMAC_ALGORITHMS;
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return RSA_ALGORITHMS;
    case 'rsa-pss':
      return RSA_PSS_ALGORITHMS;
    case 'ec': {
      // Stryker disable next-line OptionalChaining: equivalent, every EC KeyObject has asymmetricKeyDetails
      const curve = key.asymmetricKeyDetails?.namedCurve;
      const alg = curve ? EC_ALGORITHM_BY_CURVE[curve] : undefined;
      return alg ? [alg] : [];
    }
    default:
      return [];
  }
}

/** The hash size in bytes behind an HS algorithm (HS256 → 32). */
export function hmacHashBytes(alg: string): number {
  return Number(alg.slice(2)) / 8;
}
