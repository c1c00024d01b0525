import type { TokenClaims } from '../model/TokenClaims';

/**
 * Checks a compact JWS and returns its claims. Synchronous on purpose: it runs on
 * every request and must be pure CPU on keys already in memory.
 * Throws TokenExpiredError or TokenInvalidError.
 */
export interface TokenVerifier {
  verify(token: string): TokenClaims;
}
