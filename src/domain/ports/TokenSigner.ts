import type { IdTokenClaims } from '../model/IdTokenClaims';
import type { LogoutTokenClaims } from '../model/LogoutTokenClaims';
import type { SigningKeyPair } from '../model/SigningKeyPair';
import type { AccessTokenClaims } from '@auth-service/client';

/**
 * The JWS header `typ`: `JWT` for the seed login's tokens (their contract),
 * `at+jwt` for OAuth access tokens issued to a client (RFC 9068 §2.1);
 * `JWT` too for ID tokens (OpenID Connect Core §2 names no other);
 * `logout+jwt` for logout tokens (Back-Channel Logout 1.0 §2.4).
 */
export type TokenType = 'JWT' | 'at+jwt' | 'logout+jwt';

/**
 * An access token's claims (an OAuth one also says whom it is for, `aud`, RFC 8707, and what it may do, `scope`,
 * RFC 9068 §2.2.3), an ID token's or a logout token's.
 */
export type SignedClaims =
  | (AccessTokenClaims & { readonly aud?: string | readonly string[]; readonly scope?: string; readonly cnf?: { readonly jkt?: string } }) | IdTokenClaims | LogoutTokenClaims;

/** Produces a compact JWS (header alg, typ and kid of the key) over the claims. */
export interface TokenSigner {
  sign(claims: SignedClaims, key: SigningKeyPair, type: TokenType): Promise<string>;
}
