import { UnknownKeyIdError, type AccessTokenClaims, type AccessTokenVerifier, type VerificationKeySource } from '@auth-service/client';

/** The service's check of a user or client token where it answers whoever a token names (userinfo, revocation, introspection). */
export interface ServiceAccessTokenVerifier {
  /** Synchronous unless the token names a kid this instance does not hold yet. */
  verifyAccessToken(token: string): AccessTokenClaims | Promise<AccessTokenClaims>;
}

/**
 * Retries a token whose kid is unknown once after asking the keys to reload
 * (StoreReloadingKeySource): another instance may have promoted a key since
 * this one last synced, and its tokens must not be refused, nor taken for
 * unknown tokens at the revocation endpoint, until the next sync. A kid still
 * unknown after the reload (or within the reload cooldown) stays refused.
 */
export class KeyReloadingAccessTokenVerifier implements ServiceAccessTokenVerifier {
  constructor(
    private readonly inner: AccessTokenVerifier,
    private readonly keys: Required<Pick<VerificationKeySource, 'refreshForUnknownKid'>>,
  ) {}

  verifyAccessToken(token: string): AccessTokenClaims | Promise<AccessTokenClaims> {
    try {
      return this.inner.verifyAccessToken(token);
    } catch (error) {
      if (!(error instanceof UnknownKeyIdError)) throw error;
      return this.keys.refreshForUnknownKid(error.kid).then((known) => {
        if (!known) throw error;
        return this.inner.verifyAccessToken(token);
      });
    }
  }
}
