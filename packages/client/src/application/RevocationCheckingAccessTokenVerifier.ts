import type { AccessTokenClaims } from '../domain/model/ClientTokenClaims';
import type { AccessTokenVerifier } from '../domain/ports/AccessTokenVerifier';
import type { RevocationSource } from '../domain/ports/RevocationSource';
import { refuseRevoked } from './RevocationCheckingVerifier';

/**
 * RevocationCheckingVerifier for the AccessTokenVerifier port (user and
 * client tokens, e.g. the auth service's userinfo endpoint and its revocation
 * endpoint's bearer): the same check on the same source, so a token revoked by
 * RFC 7009, sign-out or a change to its user is refused on every path.
 */
export class RevocationCheckingAccessTokenVerifier implements AccessTokenVerifier {
  constructor(
    private readonly inner: AccessTokenVerifier,
    private readonly source: RevocationSource,
  ) {}

  verifyAccessToken(token: string): AccessTokenClaims {
    return refuseRevoked(this.inner.verifyAccessToken(token), this.source);
  }
}
