import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { TokenExpiredError, TokenInvalidError } from '../../../../src/domain/errors';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import type { TokenClaims } from '@auth-service/client';
import type { TokenVerifier } from '@auth-service/client';
import { CachingTokenVerifier } from '@auth-service/client';
import { JsonWebTokenVerifier } from '@auth-service/client';
import { jwkThumbprint, privateKeyToText, publicKeyToText } from '@auth-service/client';
import { NodeCryptoTokenSigner } from '../../../../src/infrastructure/crypto/NodeCryptoTokenSigner';
import { FixedClock } from '../../../support/FixedClock';

const ISSUER = 'http://localhost/auth';
const START = new Date('2026-01-01T00:00:00Z');
const T0 = START.getTime() / 1000;

function ecPair(): SigningKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    kid: jwkThumbprint(publicKey),
    method: 'ecdsa',
    alg: 'ES256',
    privateKey: privateKeyToText(privateKey),
    publicKey: publicKeyToText(publicKey),
    createdAt: START,
  };
}

function claims(overrides: Partial<TokenClaims> & Record<string, unknown> = {}): TokenClaims {
  return { account: 'admin', nickName: 'Admin', userId: '1', userType: '4', sub: '1', iss: ISSUER, iat: T0, exp: T0 + 60, jti: 'j', ...overrides };
}

/** Counts how often the real verifier is reached. */
class CountingVerifier implements TokenVerifier {
  calls = 0;
  constructor(private readonly inner: TokenVerifier) {}
  verify(token: string): TokenClaims {
    this.calls++;
    return this.inner.verify(token);
  }
}

describe('CachingTokenVerifier', () => {
  const signer = new NodeCryptoTokenSigner();
  let pair: SigningKeyPair;
  let ring: KeyRing;
  let clock: FixedClock;
  let inner: CountingVerifier;

  function cached(maxEntries = 100, clockToleranceSeconds = 0): CachingTokenVerifier {
    inner = new CountingVerifier(new JsonWebTokenVerifier(ring, clock, { issuer: ISSUER, clockToleranceSeconds, maxTokenLifetimeSeconds: 18000 }));
    return new CachingTokenVerifier(inner, ring, clock, { maxEntries, clockToleranceSeconds });
  }

  function rejection(verifier: TokenVerifier, token: string): unknown {
    try {
      verifier.verify(token);
    } catch (error) {
      return error;
    }
    return null;
  }

  before(() => {
    pair = ecPair();
  });

  beforeEach(() => {
    ring = new KeyRing();
    ring.activate(pair);
    clock = new FixedClock(START);
  });

  it('checks the signature once and answers the same token from memory afterwards', async () => {
    const verifier = cached();
    const token = await signer.sign(claims(), pair);
    const first = verifier.verify(token);
    const second = verifier.verify(token);
    expect(second).to.deep.equal(first);
    expect(first.account).to.equal('admin');
    expect(inner.calls).to.equal(1);
  });

  it('rejects a remembered token once the injected clock reaches its exp, with the expiry error', async () => {
    const verifier = cached();
    const token = await signer.sign(claims({ exp: T0 + 60 }), pair);
    verifier.verify(token);
    clock.advanceSeconds(59);
    verifier.verify(token);
    clock.advanceSeconds(1);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenExpiredError);
    expect(verifier.size).to.equal(0);
  });

  it('applies the clock tolerance to exp exactly as the verifier does', async () => {
    const verifier = cached(100, 5);
    const token = await signer.sign(claims({ exp: T0 + 10 }), pair);
    verifier.verify(token);
    clock.advanceSeconds(14);
    expect(verifier.verify(token).exp).to.equal(T0 + 10);
    clock.advanceSeconds(1);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenExpiredError);
  });

  it('rejects a remembered token whose nbf lies ahead once the clock is moved back', async () => {
    const verifier = cached();
    const token = await signer.sign(claims({ nbf: T0 } as Partial<TokenClaims>), pair);
    verifier.verify(token);
    clock.advanceSeconds(-1);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenInvalidError);
    expect(inner.calls).to.equal(2);
  });

  it('rejects a remembered token once its key is no longer in the key set, and forgets everything', async () => {
    const verifier = cached();
    const token = await signer.sign(claims(), pair);
    const other = await signer.sign(claims({ jti: 'other' }), pair);
    verifier.verify(token);
    verifier.verify(other);
    ring.activate(ecPair());
    expect(rejection(verifier, token)).to.be.instanceOf(TokenInvalidError);
    expect(verifier.size).to.equal(0);
  });

  it('keeps remembered tokens when a periodic reload brings back the very same key material', async () => {
    const verifier = cached();
    const token = await signer.sign(claims(), pair);
    verifier.verify(token);
    ring.activate({ ...pair });
    verifier.verify(token);
    expect(inner.calls).to.equal(1);
  });

  it('verifies again when the key under a kid is replaced by different material', async () => {
    const verifier = cached();
    const token = await signer.sign(claims(), pair);
    verifier.verify(token);
    const impostor = { ...ecPair(), kid: pair.kid };
    ring.activate(impostor);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenInvalidError);
    expect(inner.calls).to.equal(2);
  });

  it('never remembers a rejected token', async () => {
    const verifier = cached();
    const [header, payload] = (await signer.sign(claims(), pair)).split('.');
    const forged = `${header}.${payload}.${Buffer.alloc(64).toString('base64url')}`;
    expect(rejection(verifier, forged)).to.be.instanceOf(TokenInvalidError);
    expect(rejection(verifier, forged)).to.be.instanceOf(TokenInvalidError);
    expect(inner.calls).to.equal(2);
    expect(verifier.size).to.equal(0);
  });

  it('does not remember a token without exp (the verifier refuses it every time)', async () => {
    const verifier = cached();
    const noExp: Record<string, unknown> = { ...claims() };
    delete noExp.exp;
    const token = await signer.sign(noExp as unknown as TokenClaims, pair);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenInvalidError);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenInvalidError);
    expect(inner.calls).to.equal(2);
    expect(verifier.size).to.equal(0);
  });

  it('holds at most maxEntries tokens, dropping the least recently used', async () => {
    const verifier = cached(2);
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((jti) => signer.sign(claims({ jti }), pair)));
    verifier.verify(a);
    verifier.verify(b);
    verifier.verify(a); // a is now the most recent, b the least
    verifier.verify(c); // evicts b
    expect(verifier.size).to.equal(2);
    const before = inner.calls;
    verifier.verify(a);
    verifier.verify(c);
    expect(inner.calls).to.equal(before);
    verifier.verify(b);
    expect(inner.calls).to.equal(before + 1);
  });

  it('remembers nothing when maxEntries is 0', async () => {
    const verifier = cached(0);
    const token = await signer.sign(claims(), pair);
    verifier.verify(token);
    verifier.verify(token);
    expect(inner.calls).to.equal(2);
    expect(verifier.size).to.equal(0);
  });

  it('hands out claims that callers cannot change for the next request', async () => {
    const verifier = cached();
    const token = await signer.sign(claims(), pair);
    const first = verifier.verify(token) as unknown as Record<string, unknown>;
    expect(() => {
      first.account = 'root';
    }).to.throw(TypeError);
    expect(verifier.verify(token).account).to.equal('admin');
  });
});
