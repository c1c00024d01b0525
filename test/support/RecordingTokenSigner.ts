import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import type { SignedClaims, TokenSigner, TokenType } from '../../src/domain/ports/TokenSigner';

/** What was signed: an access token's claims or an ID token's (which has no `jti`: read as possibly absent). */
export type RecordedClaims = SignedClaims & { readonly jti?: string };

/** Remembers what it was asked to sign (claims, key, header typ) and answers a numbered stand-in token. */
export class RecordingTokenSigner implements TokenSigner {
  readonly signed: Array<{ claims: RecordedClaims; key: SigningKeyPair; type: TokenType }> = [];

  async sign(claims: SignedClaims, key: SigningKeyPair, type: TokenType): Promise<string> {
    this.signed.push({ claims, key, type });
    return `token-${this.signed.length}`;
  }
}
