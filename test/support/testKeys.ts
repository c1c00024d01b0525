import { generateKeyPairSync } from 'node:crypto';
import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import type { TokenClaims } from '@auth-service/client/internal/domain/model/TokenClaims';
import { JsonWebTokenSigner } from '../../src/infrastructure/crypto/JsonWebTokenSigner';
import { jwkThumbprint, privateKeyToText, publicKeyToText } from '@auth-service/client/internal/infrastructure/crypto/keyEncoding';

/** A fresh RSA (2048) or EC key pair in the store's text form, kid = thumbprint, as the auth service makes them. */
export function signingKey(kind: 'rsa' | 'ec' = 'rsa'): SigningKeyPair {
  const { privateKey, publicKey } =
    kind === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return Object.freeze({
    kid: jwkThumbprint(publicKey),
    method: kind === 'rsa' ? 'rsa' : 'ecdsa',
    alg: kind === 'rsa' ? 'RS256' : 'ES256',
    privateKey: privateKeyToText(privateKey),
    publicKey: publicKeyToText(publicKey),
    createdAt: new Date(),
  });
}

/** The stub user's claims, valid for an hour from now unless overridden. */
export function stubClaims(overrides: Partial<TokenClaims> = {}): TokenClaims {
  const iat = Math.floor(Date.now() / 1000);
  return {
    account: 'admin',
    nickName: '管理员',
    userId: '1',
    userType: '4',
    sub: '1',
    iss: 'http://localhost/auth',
    iat,
    exp: iat + 3600,
    jti: `test-${iat}-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  };
}

const signer = new JsonWebTokenSigner();

export function signToken(key: SigningKeyPair, overrides: Partial<TokenClaims> = {}): Promise<string> {
  return signer.sign(stubClaims(overrides), key);
}
