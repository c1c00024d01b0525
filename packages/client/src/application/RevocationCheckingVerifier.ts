import { TokenRevokedError } from '../domain/errors';
import type { TokenClaims } from '../domain/model/TokenClaims';
import type { RevocationSource } from '../domain/ports/RevocationSource';
import type { TokenVerifier } from '../domain/ports/TokenVerifier';

/**
 * The one revocation check, for every verifier port: the claims of a token
 * that verified, or TokenRevokedError when the source's current list refuses
 * them (by jti, or by subject revoked after the token was issued). A source
 * too old to trust throws instead (fail closed).
 */
export function refuseRevoked<C extends Pick<TokenClaims, 'sub' | 'iat' | 'jti'>>(claims: C, source: RevocationSource): C {
  if (source.revocations().refuses(claims)) throw new TokenRevokedError();
  return claims;
}

/**
 * Refuses tokens that verify but were revoked (logout, or the user disabled,
 * removed or given a new password). Sits outside any verified-token cache, so
 * a cached token is refused as soon as the revocation is known here; the check
 * is two in-memory lookups, no I/O.
 */
export class RevocationCheckingVerifier implements TokenVerifier {
  constructor(
    private readonly inner: TokenVerifier,
    private readonly source: RevocationSource,
  ) {}

  verify(token: string): TokenClaims {
    return refuseRevoked(this.inner.verify(token), this.source);
  }
}
