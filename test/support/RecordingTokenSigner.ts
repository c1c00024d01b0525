import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import type { TokenClaims } from '../../src/domain/model/TokenClaims';
import type { TokenSigner } from '../../src/domain/ports/TokenSigner';

/** Records what it was asked to sign and answers `token-1`, `token-2`, … */
export class RecordingTokenSigner implements TokenSigner {
  readonly signed: Array<{ claims: TokenClaims; key: SigningKeyPair }> = [];

  async sign(claims: TokenClaims, key: SigningKeyPair): Promise<string> {
    this.signed.push({ claims, key });
    return `token-${this.signed.length}`;
  }
}
