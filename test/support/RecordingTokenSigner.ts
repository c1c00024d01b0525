import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import type { AccessTokenClaims } from '@auth-service/client';
import type { TokenSigner } from '../../src/domain/ports/TokenSigner';

/** Records what it was asked to sign and answers `token-1`, `token-2`, … */
export class RecordingTokenSigner implements TokenSigner {
  readonly signed: Array<{ claims: AccessTokenClaims; key: SigningKeyPair }> = [];

  async sign(claims: AccessTokenClaims, key: SigningKeyPair): Promise<string> {
    this.signed.push({ claims, key });
    return `token-${this.signed.length}`;
  }
}
