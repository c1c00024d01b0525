import type { AccessTokenClaims } from '../model/ClientTokenClaims';

/**
 * Checks a compact JWS like TokenVerifier (same keys, algorithms, issuer and
 * expiry), but accepts client tokens as well as user tokens: for endpoints that
 * answer about whoever the token names (the OAuth userinfo endpoint).
 * Throws TokenExpiredError, TokenInvalidError or KeyUnavailableError.
 */
export interface AccessTokenVerifier {
  verifyAccessToken(token: string): AccessTokenClaims;
}
