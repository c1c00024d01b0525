import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import type { SignedClaims, TokenSigner, TokenType } from '../../src/domain/ports/TokenSigner';

/** Remembers what it was asked to sign (claims, key, header typ) and answers a numbered stand-in token. */
export class RecordingTokenSigner implements TokenSigner {
  readonly signed: Array<{ claims: SignedClaims; key: SigningKeyPair; type: TokenType }> = [];

  async sign(claims: SignedClaims, key: SigningKeyPair, type: TokenType): Promise<string> {
    this.signed.push({ claims, key, type });
    return `token-${this.signed.length}`;
  }
}
