import { TokenRevokedError } from '@auth-service/client/internal/domain/errors';
import type { AccessTokenClaims } from '@auth-service/client/internal/domain/model/ClientTokenClaims';
import type { AccessTokenVerifier } from '@auth-service/client/internal/domain/ports/AccessTokenVerifier';
import type { RevocationSource } from '@auth-service/client/internal/domain/ports/RevocationSource';

/**
 * The AccessTokenVerifier counterpart of the client library's
 * RevocationCheckingVerifier, on the same RevocationSource and the same rule
 * (`RevocationList.refuses`): a user or client token that verifies but was
 * revoked (RFC 7009 revoke, sign-out, users disable/passwd/remove) is refused
 * as an invalid token. Every endpoint that reads an access token of either
 * kind (userinfo, the revocation endpoint's bearer) goes through it; a stale
 * source refuses by throwing, as RevocationSource says.
 */
export class RevocationCheckingAccessTokenVerifier implements AccessTokenVerifier {
  constructor(
    private readonly inner: AccessTokenVerifier,
    private readonly source: RevocationSource,
  ) {}

  verifyAccessToken(token: string): AccessTokenClaims {
    const claims = this.inner.verifyAccessToken(token);
    if (this.source.revocations().refuses(claims)) throw new TokenRevokedError();
    return claims;
  }
}
