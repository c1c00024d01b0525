import type { SigningKeyPair } from '../model/SigningKeyPair';
import type { TokenClaims } from '../model/TokenClaims';

/** Produces a compact JWS (header typ JWT, alg and kid of the key) over the claims. */
export interface TokenSigner {
  sign(claims: TokenClaims, key: SigningKeyPair): Promise<string>;
}
