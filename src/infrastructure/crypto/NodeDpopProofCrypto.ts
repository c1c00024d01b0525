import { createHash, createPublicKey, verify, constants, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { DpopAlgorithm } from '../../domain/model/DpopProof';
import type { PublicJwk } from '../../domain/model/jwkThumbprint';
import type { DecodedDpopProof, DpopProofCrypto } from '../../domain/ports/DpopProofCrypto';

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** node:crypto's digest and signature form per algorithm (JWS: ECDSA as r||s, RFC 7518 §3.4). */
const VERIFY_OPTIONS: Readonly<Record<DpopAlgorithm, { readonly digest: string | null; readonly options: object }>> = {
  ES256: { digest: 'sha256', options: { dsaEncoding: 'ieee-p1363' } },
  RS256: { digest: 'sha256', options: { padding: constants.RSA_PKCS1_PADDING } },
  PS256: { digest: 'sha256', options: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } },
  EdDSA: { digest: null, options: {} },
};

/** RSA keys under this size are refused (as jsonwebtoken 9 refuses them for RS256). */
const MIN_RSA_BITS = 2048;

/** DpopProofCrypto with node:crypto alone: JWS split and JSON-parsed by hand, keys imported from the JWK. */
export class NodeDpopProofCrypto implements DpopProofCrypto {
  decode(proof: string): DecodedDpopProof | null {
    const parts = proof.split('.');
    if (parts.length !== 3 || !parts.every((part) => part.length > 0 && BASE64URL.test(part))) return null;
    const header = jsonObjectOf(parts[0]);
    const claims = jsonObjectOf(parts[1]);
    if (header === null || claims === null) return null;
    return { header, claims, signingInput: `${parts[0]}.${parts[1]}`, signature: Buffer.from(parts[2], 'base64url') };
  }

  verify(proof: DecodedDpopProof, alg: DpopAlgorithm, jwk: PublicJwk): boolean {
    const key = publicKeyOf(jwk);
    if (key === null) return false;
    if (key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_RSA_BITS) return false;
    const { digest, options } = VERIFY_OPTIONS[alg];
    try {
      return verify(digest, Buffer.from(proof.signingInput, 'ascii'), { key, ...options }, proof.signature);
    } catch {
      return false;
    }
  }

  sha256(text: string): string {
    return createHash('sha256').update(text, 'ascii').digest('base64url');
  }
}

function jsonObjectOf(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function publicKeyOf(jwk: PublicJwk): KeyObject | null {
  try {
    const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
    return key.type === 'public' ? key : null;
  } catch {
    return null;
  }
}
