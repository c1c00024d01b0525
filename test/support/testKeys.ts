import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { cachedRsaPair } from './cachedRsaKeys';
import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import type { TokenClaims } from '@auth-service/client';
import { JsonWebTokenSigner } from '../../src/infrastructure/crypto/JsonWebTokenSigner';
import { jwkThumbprint } from '@auth-service/client';
import { privateKeyToText, publicKeyToText } from '../../src/infrastructure/crypto/keyText';

/** RSA pairs from the machine's cache, a pool of their own (never one of the test servers' keys). */
function rsaPair(index: number): { privateKey: KeyObject; publicKey: KeyObject } {
  const pem = cachedRsaPair(`rsa-2048-testKeys-${index}`);
  return { privateKey: createPrivateKey(pem.privateKey), publicKey: createPublicKey(pem.publicKey) };
}

/**
 * How many distinct key pairs of each kind one test process uses. RSA generation costs 100–300 ms of CPU
 * and the suite asks for dozens; no test holds more than a few keys at once, so calls cycle through a
 * pool: any POOL_SIZE consecutive calls of one kind give distinct keys (and distinct kids).
 */
const POOL_SIZE = 6;
const pools = { rsa: [] as SigningKeyPair[], ec: [] as SigningKeyPair[] };
const calls = { rsa: 0, ec: 0 };

/** An RSA (2048) or EC key pair in the store's text form, kid = thumbprint, as the auth service makes them. */
export function signingKey(kind: 'rsa' | 'ec' = 'rsa'): SigningKeyPair {
  const index = calls[kind]++ % POOL_SIZE;
  pools[kind][index] ??= generate(kind, index);
  return pools[kind][index];
}

function generate(kind: 'rsa' | 'ec', index: number): SigningKeyPair {
  const { privateKey, publicKey } = kind === 'rsa' ? rsaPair(index) : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
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
  return signer.sign(stubClaims(overrides), key, 'JWT');
}
