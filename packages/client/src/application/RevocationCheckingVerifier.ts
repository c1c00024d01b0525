import { TokenRevokedError } from '../domain/errors';
import type { TokenClaims } from '../domain/model/TokenClaims';
import type { RevocationSource } from '../domain/ports/RevocationSource';
import type { TokenVerifier } from '../domain/ports/TokenVerifier';

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
    const claims = this.inner.verify(token);
    if (this.source.revocations().refuses(claims)) throw new TokenRevokedError();
    return claims;
  }
}
