import { expect } from 'chai';
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { KeyUnavailableError, TokenExpiredError, TokenInvalidError } from '../../../../src/domain/errors';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import type { TokenClaims } from '@auth-service/client';
import { JsonWebTokenSigner } from '../../../../src/infrastructure/crypto/JsonWebTokenSigner';
import { buildTokenVerifier, jwkThumbprint, type Clock, type KeyHolderVerifier, type VerificationKeySource } from '@auth-service/client';
import { privateKeyToText, publicKeyToText } from '../../../../src/infrastructure/crypto/keyText';
import { compactJws, encodeSegment, rsaSha256 } from '../../../support/compactJws';
import { FixedClock } from '../../../support/FixedClock';
import { stubClaims } from '../../../support/testKeys';

const ISSUER = 'http://localhost/auth';
const START = '2026-01-01T00:00:00Z';
const IAT = Date.parse(START) / 1000;

function claims(overrides: Partial<Record<keyof TokenClaims, unknown>> = {}): TokenClaims {
  return stubClaims({ iss: ISSUER, iat: IAT, exp: IAT + 600, jti: 'jti-1', ...(overrides as Partial<TokenClaims>) });
}

function rsaPair(privateKey: KeyObject, publicKey: KeyObject, alg: string): SigningKeyPair {
  return {
    kid: jwkThumbprint(publicKey),
    method: 'rsa',
    alg,
    privateKey: privateKeyToText(privateKey),
    publicKey: publicKeyToText(publicKey),
    createdAt: new Date(START),
  };
}

function errorOf(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

/** The library's checks over the service's key ring, uncached: every call is a full verification. */
function verifierOver(keys: VerificationKeySource, clock: Clock, settings: { issuer?: string; clockToleranceSeconds: number; maxTokenLifetimeSeconds: number }): KeyHolderVerifier {
  return buildTokenVerifier(keys, clock, { ...settings, verifiedTokenCacheSize: 0 });
}

describe('the library verifier over the service key ring', () => {
  let rsa: { privateKey: KeyObject; publicKey: KeyObject };
  let other: { privateKey: KeyObject; publicKey: KeyObject };
  let key: SigningKeyPair;
  let ring: KeyRing;
  let clock: FixedClock;
  let verifier: KeyHolderVerifier;
  const signer = new JsonWebTokenSigner();

  before(() => {
    rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  });

  beforeEach(() => {
    key = rsaPair(rsa.privateKey, rsa.publicKey, 'RS256');
    ring = new KeyRing();
    ring.activate(key);
    clock = new FixedClock(START);
    verifier = verifierOver(ring, clock, { issuer: ISSUER, clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000 });
  });

  it('returns the claims of a token signed with the active key', async () => {
    const token = await signer.sign(claims(), key, 'JWT');
    expect(verifier.verify(token)).to.deep.include({ account: 'admin', userId: '1', iss: ISSUER, exp: IAT + 600, jti: 'jti-1' });
  });

  it('checks a token without kid against the active key', () => {
    const token = jwt.sign(claims(), rsa.privateKey, { algorithm: 'RS256' });
    expect(verifier.verify(token).userId).to.equal('1');
  });

  it('pins the configured algorithm: a PS256 token made with the right key is refused by an RS256 key', async () => {
    const token = await signer.sign(claims(), { ...key, alg: 'PS256' }, 'JWT');
    expect(errorOf(() => verifier.verify(token))).to.be.instanceOf(TokenInvalidError);
  });

  it('pins PS256 too: an RS256 token made with the right key is refused', async () => {
    const psKey = rsaPair(rsa.privateKey, rsa.publicKey, 'PS256');
    ring.activate(psKey);
    expect(verifier.verify(await signer.sign(claims(), psKey, 'JWT')).userId).to.equal('1');
    const rsToken = await signer.sign(claims(), { ...psKey, alg: 'RS256' }, 'JWT');
    expect(errorOf(() => verifier.verify(rsToken))).to.be.instanceOf(TokenInvalidError);
  });

  it('refuses alg none and HS256 keyed with the public key text', () => {
    const header = { alg: 'none', typ: 'JWT', kid: key.kid };
    expect(errorOf(() => verifier.verify(compactJws(header, { ...claims() }, () => '')))).to.be.instanceOf(TokenInvalidError);
    const hs = jwt.sign(claims(), Buffer.from(key.publicKey), { algorithm: 'HS256', keyid: key.kid });
    expect(errorOf(() => verifier.verify(hs))).to.be.instanceOf(TokenInvalidError);
  });

  it('answers TokenExpiredError once exp is reached, keeping the library error as cause', async () => {
    const token = await signer.sign(claims(), key, 'JWT');
    clock.advanceSeconds(599);
    expect(verifier.verify(token).userId).to.equal('1');

    clock.advanceSeconds(1);
    const error = errorOf(() => verifier.verify(token));
    expect(error).to.be.instanceOf(TokenExpiredError);
    expect(error).to.have.property('code', 'TOKEN_EXPIRED');
    expect(error.cause).to.be.instanceOf(jwt.TokenExpiredError);
  });

  it('allows the configured clock tolerance past exp', async () => {
    const tolerant = verifierOver(ring, clock, { issuer: ISSUER, clockToleranceSeconds: 30, maxTokenLifetimeSeconds: 18000 });
    const token = await signer.sign(claims(), key, 'JWT');
    clock.advanceSeconds(620);
    expect(tolerant.verify(token).userId).to.equal('1');
    clock.advanceSeconds(10);
    expect(errorOf(() => tolerant.verify(token))).to.be.instanceOf(TokenExpiredError);
  });

  it('refuses a wrong or missing issuer', async () => {
    const wrong = await signer.sign(claims({ iss: 'http://evil.example/auth' }), key, 'JWT');
    expect(errorOf(() => verifier.verify(wrong))).to.be.instanceOf(TokenInvalidError).with.property('code', 'TOKEN_INVALID');
    const { iss: _iss, ...withoutIssuer } = claims();
    const missing = jwt.sign(withoutIssuer, rsa.privateKey, { algorithm: 'RS256', keyid: key.kid });
    expect(errorOf(() => verifier.verify(missing))).to.be.instanceOf(TokenInvalidError);
  });

  it('accepts any issuer when none is configured', async () => {
    const open = verifierOver(ring, clock, { clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000 });
    expect(open.verify(await signer.sign(claims({ iss: 'http://elsewhere' }), key, 'JWT')).iss).to.equal('http://elsewhere');
  });

  it('refuses an unknown kid', async () => {
    const token = await signer.sign(claims(), { ...key, kid: 'not-a-known-kid' }, 'JWT');
    expect(errorOf(() => verifier.verify(token))).to.be.instanceOf(TokenInvalidError);
  });

  it('refuses a token signed by another key under the active kid', async () => {
    const foreign = await signer.sign(claims(), { ...rsaPair(other.privateKey, other.publicKey, 'RS256'), kid: key.kid }, 'JWT');
    expect(errorOf(() => verifier.verify(foreign))).to.be.instanceOf(TokenInvalidError);
  });

  it('takes a token without the user fields but sub and client_id (a stored client granted no profile); refuses one without userId and client_id (an ID token)', () => {
    const { account: _a, nickName: _n, userId: _u, userType: _t, ...named } = claims();
    const scoped = jwt.sign({ ...named, client_id: 'web' }, rsa.privateKey, { algorithm: 'RS256', keyid: key.kid });
    expect(verifier.verify(scoped)).to.include({ sub: named.sub, client_id: 'web' });
    const idToken = jwt.sign(named, rsa.privateKey, { algorithm: 'RS256', keyid: key.kid });
    expect(errorOf(() => verifier.verify(idToken))).to.be.instanceOf(TokenInvalidError).with.property('message', 'claim userId missing');
  });

  for (const name of ['account', 'nickName', 'userId', 'userType'] as const) {
    it(`refuses a correctly signed token with a non-string ${name} claim`, async () => {
      const numeric = await signer.sign(claims({ [name]: 1 }), key, 'JWT');
      expect(errorOf(() => verifier.verify(numeric))).to.be.instanceOf(TokenInvalidError).with.property('message', `claim ${name} malformed`);
    });
  }

  it('refuses a correctly signed token without exp, or with a non-numeric one (it would never expire)', () => {
    const { exp: _exp, ...withoutExp } = claims();
    const missing = jwt.sign(withoutExp, rsa.privateKey, { algorithm: 'RS256', keyid: key.kid });
    expect(errorOf(() => verifier.verify(missing))).to.be.instanceOf(TokenInvalidError);
    const textual = compactJws({ alg: 'RS256', typ: 'JWT', kid: key.kid }, { ...withoutExp, exp: 'never' }, rsaSha256(rsa.privateKey));
    expect(errorOf(() => verifier.verify(textual))).to.be.instanceOf(TokenInvalidError);
  });

  it('refuses a non-string optional profile claim', async () => {
    const token = await signer.sign(claims({ tenantId: { id: 1 } }), key, 'JWT');
    expect(errorOf(() => verifier.verify(token))).to.be.instanceOf(TokenInvalidError);
  });

  it('refuses garbage and oversized tokens with TokenInvalidError', () => {
    for (const garbage of ['', 'abc', 'a.b.c', '...', '.x.y', `${encodeSegment(null)}.e30.`, `${encodeSegment([1])}.e30.`, 'x'.repeat(9000)]) {
      expect(errorOf(() => verifier.verify(garbage)), garbage.slice(0, 20)).to.be.instanceOf(TokenInvalidError);
    }
  });

  it('answers KeyUnavailableError while it holds no key at all', async () => {
    const token = await signer.sign(claims(), key, 'JWT');
    const empty = verifierOver(new KeyRing(), clock, { issuer: ISSUER, clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000 });
    expect(errorOf(() => empty.verify(token))).to.be.instanceOf(KeyUnavailableError);
  });

  it('verifies HMAC tokens with the Base64 secret and pins HS256', async () => {
    const secret = randomBytes(32).toString('base64');
    const hmacKey: SigningKeyPair = { kid: 'h1', method: 'hmac', alg: 'HS256', privateKey: secret, publicKey: secret, createdAt: new Date(START) };
    ring.activate(hmacKey);
    expect(verifier.verify(await signer.sign(claims(), hmacKey, 'JWT')).userId).to.equal('1');
    const hs512 = await signer.sign(claims(), { ...hmacKey, alg: 'HS512' }, 'JWT');
    expect(errorOf(() => verifier.verify(hs512))).to.be.instanceOf(TokenInvalidError);
  });
});
