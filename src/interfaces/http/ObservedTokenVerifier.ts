import { DomainError } from '../../domain/errors';
import type { TokenClaims } from '@auth-service/client';
import type { TokenVerifier } from '@auth-service/client';

/**
 * A TokenVerifier that reports each rejection's error code (TOKEN_EXPIRED,
 * TOKEN_INVALID, KEY_UNAVAILABLE) before passing the error on unchanged.
 * Composition roots wrap whatever verifier is bound with it to feed metrics.
 */
export class ObservedTokenVerifier implements TokenVerifier {
  constructor(
    private readonly inner: TokenVerifier,
    private readonly onFailure: (reason: string) => void,
  ) {}

  verify(token: string): TokenClaims {
    try {
      return this.inner.verify(token);
    } catch (error) {
      this.onFailure(error instanceof DomainError ? error.code : 'UNEXPECTED');
      throw error;
    }
  }
}
