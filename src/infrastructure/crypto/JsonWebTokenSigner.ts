import type { KeyObject } from 'node:crypto';
import jwt, { type Algorithm } from 'jsonwebtoken';
import type { SigningKeyPair } from '../../domain/model/SigningKeyPair';
import type { SignedClaims, TokenSigner, TokenType } from '../../domain/ports/TokenSigner';
import { privateKeyFromText, secretKeyFromText } from './keyText';

/**
 * Signs with jsonwebtoken. The key text is parsed into a KeyObject once per key
 * pair (cached by object identity), never per token.
 */
export class JsonWebTokenSigner implements TokenSigner {
  private readonly parsed = new WeakMap<SigningKeyPair, KeyObject>();

  async sign(claims: SignedClaims, key: SigningKeyPair, type: TokenType): Promise<string> {
    return jwt.sign({ ...claims }, this.keyObject(key), {
      algorithm: key.alg as Algorithm,
      keyid: key.kid,
      header: { typ: type, alg: key.alg },
    });
  }

  private keyObject(key: SigningKeyPair): KeyObject {
    let parsed = this.parsed.get(key);
    if (!parsed) {
      parsed = key.method === 'hmac' ? secretKeyFromText(key.privateKey) : privateKeyFromText(key.privateKey);
      this.parsed.set(key, parsed);
    }
    return parsed;
  }
}
