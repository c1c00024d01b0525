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

/** A proof header that passed every check: what verifying a signature under it needs. */
interface CheckedHeader {
  readonly jkt: string;
  readonly key: KeyObject;
  readonly hash: string | null;
  readonly options: Omit<VerifyOptions, 'hash'>;
}

/**
 * DpopProofReader on node:crypto. A client sends the same protected header (typ, alg, jwk) with every
 * proof, so a header that passed its checks is kept by its encoded text (a bounded few): the next proof
 * under it skips the JSON, the JWK checks, the thumbprint and the key import (as costly as a P-256
 * signature check); only its signature and claims are new.
 */
export class NodeDpopProofReader implements DpopProofReader {
  private readonly headers = new Map<string, CheckedHeader>();

  constructor(private readonly maxHeaders = 1000) {}

  read(proof: string): SignedDpopProof {
    // Node bounds a header to 16 kB, so the split before the length check costs little.
    const parts = proof.split('.');
    if (proof.length > MAX_PROOF_LENGTH || parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) throw invalid('the DPoP proof is not a compact JWS');
    const header = this.headers.get(parts[0]) ?? this.checkedHeader(parts[0]);
    if (!verify(header.hash, Buffer.from(`${parts[0]}.${parts[1]}`), { key: header.key, ...header.options }, Buffer.from(parts[2], 'base64url'))) {
      throw invalid('the DPoP proof signature does not verify');
    }
    const claims = jsonObject(parts[1]);
    if (claims === null) throw invalid('the DPoP proof claims are not a JSON object');
    return { jkt: header.jkt, claims };
  }

  accessTokenHash(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  /** The checks of a header not seen before; kept once it passes them all. */
  private checkedHeader(segment: string): CheckedHeader {
    const header = jsonObject(segment);
    if (header?.typ !== 'dpop+jwt') throw invalid('the DPoP proof is not typed dpop+jwt');
    const alg = header.alg as string;
    if (!DPOP_ALGORITHMS.includes(alg)) throw invalid('the DPoP proof is signed with an algorithm not accepted');
    const jwk = publicJwkMembers(header.jwk, alg);
    if (typeof jwk === 'string') throw invalid(jwk);
    const key = publicKeyOf(jwk.members);
    if (key === null) throw invalid('the DPoP proof key is not a usable public key for its algorithm');
    const { hash, ...options } = VERIFY[alg];
    const checked = { jkt: jwk.jkt, key, hash, options };
    if (this.headers.size >= this.maxHeaders) this.headers.delete(this.headers.keys().next().value as string);
    this.headers.set(segment, checked);
    return checked;
  }
}

/** The key of a JWK; null when node cannot use it or an RSA modulus is under 2048 bits. */
function publicKeyOf(members: Readonly<Record<string, string>>): KeyObject | null {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: members, format: 'jwk' });
  } catch {
    return null;
  }
  // Only RSA keys have a modulus length (for EC and OKP keys undefined < 2048 is false).
  return (key.asymmetricKeyDetails as { modulusLength: number }).modulusLength < 2048 ? null : key;
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
