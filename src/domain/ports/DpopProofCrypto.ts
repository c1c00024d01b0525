import type { DpopAlgorithm, DpopProofClaims, DpopProofHeader } from '../model/DpopProof';
import type { PublicJwk } from '../model/jwkThumbprint';

/** A compact JWS split and parsed, its signature not yet checked. */
export interface DecodedDpopProof {
  readonly header: DpopProofHeader;
  readonly claims: DpopProofClaims;
  /** `BASE64URL(header).BASE64URL(payload)` as sent: what the signature covers. */
  readonly signingInput: string;
  readonly signature: Uint8Array;
}

/** The crypto a DPoP proof check needs, which the domain does not do itself. */
export interface DpopProofCrypto {
  /** The proof's parts; null when it is no compact JWS with a JSON header and payload. */
  decode(proof: string): DecodedDpopProof | null;
  /** Whether the signature is the key's over the signing input with that algorithm; false for a key that cannot be imported. */
  verify(proof: DecodedDpopProof, alg: DpopAlgorithm, jwk: PublicJwk): boolean;
  /** BASE64URL(SHA-256(ASCII text)): the thumbprint of RFC 7638's input, and `ath` (RFC 9449 §4.2). */
  sha256(text: string): string;
}
