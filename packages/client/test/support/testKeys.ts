import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { SignMethod, TokenClaims } from '../../src/index';

/** A key pair as the auth service publishes it: text forms, kid = RFC 7638 thumbprint. */
export interface TestKeyPair {
  readonly kid: string;
  readonly method: SignMethod;
  readonly alg: string;
  readonly privateKey: string;
  readonly publicKey: string;
  readonly privateKeyObject: KeyObject;
  readonly publicKeyObject: KeyObject;
}

/**
 * Distinct pairs per kind, generated on first use and reused after (RSA generation costs 100-300 ms,
 * and the mutation run loads these files once per worker): any POOL_SIZE consecutive calls give distinct keys.
 */
const POOL_SIZE = 3;
const pools = { rsa: [] as TestKeyPair[], ec: [] as TestKeyPair[] };
const calls = { rsa: 0, ec: 0 };

/** An RSA 2048 (jsonwebtoken 9 refuses smaller) or P-256 key pair. */
export function signingKey(kind: 'rsa' | 'ec' = 'rsa'): TestKeyPair {
  const index = calls[kind]++ % POOL_SIZE;
  pools[kind][index] ??= generate(kind);
  return pools[kind][index];
}

/**
 * Made with node:crypto alone, not the package's encoders: fixtures that ran the code under test when a
 * file loads would make every mutant of that code "static" for the mutation run (a fresh process per mutant).
 */
function generate(kind: 'rsa' | 'ec'): TestKeyPair {
  const { privateKey, publicKey } =
    kind === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return Object.freeze({
    kid: thumbprint(publicKey),
    method: kind === 'rsa' ? 'rsa' : 'ecdsa',
    alg: kind === 'rsa' ? 'RS256' : 'ES256',
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    privateKeyObject: privateKey,
    publicKeyObject: publicKey,
  });
}

/** RFC 7638 thumbprint of an RSA or EC public key: SHA-256 of its required members in order, base64url. */
function thumbprint(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  const members = jwk.kty === 'RSA' ? { e: jwk.e, kty: jwk.kty, n: jwk.n } : { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

/** The test user's claims issued at `iat` (epoch seconds), valid for an hour unless overridden. */
export function stubClaims(overrides: Partial<TokenClaims> = {}, iat = Math.floor(Date.now() / 1000)): TokenClaims {
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

/** A token signed with `key` as the auth service signs it (kid header, the pair's algorithm). */
export function signToken(key: TestKeyPair, claims: object, header: Readonly<Record<string, unknown>> = {}): string {
  return jwt.sign({ ...claims }, key.privateKeyObject, { algorithm: key.alg as jwt.Algorithm, header: { alg: key.alg, kid: key.kid, ...header } });
}

let rsaPss: KeyObject | undefined;

/** An RSASSA-PSS public key (id-RSASSA-PSS), made once per process. */
export function rsaPssPublicKey(): KeyObject {
  rsaPss ??= generateKeyPairSync('rsa-pss', { modulusLength: 2048 }).publicKey;
  return rsaPss;
}
