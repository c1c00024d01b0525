import type { SignedDpopProof } from '../model/DpopProof';

/**
 * Reads a compact DPoP proof (RFC 9449 §4.3 checks 3 to 8): JWS form, `typ: dpop+jwt`, a pinned asymmetric
 * `alg`, an embedded public `jwk` (no private member) that fits the alg, and a signature that verifies with
 * it. Throws DpopProofInvalidError otherwise.
 */
export interface DpopProofReader {
  read(proof: string): SignedDpopProof;
  /** base64url(SHA-256(token)): the `ath` a proof for this access token carries. */
  accessTokenHash(token: string): string;
}
