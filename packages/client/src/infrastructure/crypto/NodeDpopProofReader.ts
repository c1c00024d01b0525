import { constants, createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { DpopProofInvalidError } from '../../domain/errors';
import { DPOP_ALGORITHMS, type SignedDpopProof } from '../../domain/model/DpopProof';
import type { DpopProofReader } from '../../domain/ports/DpopProofReader';
import { publicJwkMembers } from './publicJwkMembers';

/** Longer than any proof with an RSA 4096 key: a bound on what is parsed. */
const MAX_PROOF_LENGTH = 8192;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

type VerifyOptions = Readonly<{ hash: string | null; padding?: number; saltLength?: number; dsaEncoding?: 'ieee-p1363' }>;
/** How each pinned algorithm verifies (RFC 7518 §3, RFC 8037 §3.1). */
const VERIFY: Readonly<Record<string, VerifyOptions>> = {
  ES256: { hash: 'sha256', dsaEncoding: 'ieee-p1363' },
  RS256: { hash: 'sha256', padding: constants.RSA_PKCS1_PADDING },
  PS256: { hash: 'sha256', padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
  EdDSA: { hash: null },
};

/**
 * DpopProofReader on node:crypto. Keys are parsed once per thumbprint and kept (a bounded few): a client
 * signs every proof with the same key, and building a P-256 key from its JWK costs as much as a signature check.
 */
export class NodeDpopProofReader implements DpopProofReader {
  private readonly keys = new Map<string, KeyObject>();

  constructor(private readonly maxKeys = 1000) {}

  read(proof: string): SignedDpopProof {
    // Node bounds a header to 16 kB, so the split before the length check costs little.
    const parts = proof.split('.');
    if (proof.length > MAX_PROOF_LENGTH || parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) throw invalid('the DPoP proof is not a compact JWS');
    const header = jsonObject(parts[0]);
    if (header?.typ !== 'dpop+jwt') throw invalid('the DPoP proof is not typed dpop+jwt');
    const alg = header.alg;
    if (!DPOP_ALGORITHMS.includes(alg as string)) throw invalid('the DPoP proof is signed with an algorithm not accepted');
    const jwk = publicJwkMembers(header.jwk, alg as string);
    if (typeof jwk === 'string') throw invalid(jwk);
    const key = this.keyOf(jwk.jkt, jwk.members);
    if (key === null) throw invalid('the DPoP proof key is not a usable public key for its algorithm');
    const { hash, ...options } = VERIFY[alg as string];
    if (!verify(hash, Buffer.from(`${parts[0]}.${parts[1]}`), { key, ...options }, Buffer.from(parts[2], 'base64url'))) {
      throw invalid('the DPoP proof signature does not verify');
    }
    const claims = jsonObject(parts[1]);
    if (claims === null) throw invalid('the DPoP proof claims are not a JSON object');
    return { jkt: jwk.jkt, claims };
  }

  accessTokenHash(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  /** The key of a thumbprint, parsed once; null when node cannot use it or an RSA modulus is under 2048 bits. */
  private keyOf(jkt: string, members: Readonly<Record<string, string>>): KeyObject | null {
    const known = this.keys.get(jkt);
    if (known !== undefined) return known;
    let key: KeyObject;
    try {
      key = createPublicKey({ key: members, format: 'jwk' });
    } catch {
      return null;
    }
    // Only RSA keys have a modulus length (for EC and OKP keys undefined < 2048 is false).
    if ((key.asymmetricKeyDetails as { modulusLength: number }).modulusLength < 2048) return null;
    if (this.keys.size >= this.maxKeys) this.keys.delete(this.keys.keys().next().value as string);
    this.keys.set(jkt, key);
    return key;
  }
}

function invalid(message: string): DpopProofInvalidError {
  return new DpopProofInvalidError(message);
}

function jsonObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    // null is an object too, and is returned as what it is.
    return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown> | null) : null;
  } catch {
    return null;
  }
}
