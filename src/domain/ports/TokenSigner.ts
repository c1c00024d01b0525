import type { SigningKeyPair } from '../model/SigningKeyPair';
import type { AccessTokenClaims } from '@auth-service/client';

/** Produces a compact JWS (header typ JWT, alg and kid of the key) over the claims. */
export interface TokenSigner {
  sign(claims: AccessTokenClaims, key: SigningKeyPair): Promise<string>;
}
