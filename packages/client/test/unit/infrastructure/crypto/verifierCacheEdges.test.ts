import { expect } from 'chai';
import { createSign } from 'node:crypto';
import { KeyUnavailableError, TokenInvalidError, type TokenClaims, type TokenVerifier, type VerificationKey } from '../../../../src/index';
import { CachingTokenVerifier } from '../../../../src/infrastructure/crypto/CachingTokenVerifier';
import { JsonWebTokenVerifier } from '../../../../src/infrastructure/crypto/JsonWebTokenVerifier';
import { encodeSegment } from '../../../support/compactJws';
import { FakeKeySource } from '../../../support/FakeKeySource';
import { FixedClock } from '../../../support/FixedClock';
import { signingKey, signToken, stubClaims } from '../../../support/testKeys';

const START = new Date('2026-01-01T00:00:00Z');
const T0 = START.getTime() / 1000;

function errorOf(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

/** Any verifier that accepts some tokens: counts how often it is asked. */
class CountingVerifier implements TokenVerifier {
  calls = 0;
  constructor(private readonly answer: (token: string) => TokenClaims) {}
  verify(token: string): TokenClaims {
    this.calls++;
    return this.answer(token);
  }
}

describe('JsonWebTokenVerifier: payloads that are not claims, and key sources without a refusal', () => {
  const rsa = signingKey('rsa');

  it('refuses a correctly signed token whose payload is not a JSON object', () => {
    const keys = new FakeKeySource();
    keys.activate({ kid: rsa.kid, method: 'rsa', algorithms: ['RS256'], material: rsa.publicKey });
    const verifier = new JsonWebTokenVerifier(keys, new FixedClock(START), { clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000 });
    for (const payload of ['"claims"', '123']) {
      const input = `${encodeSegment({ alg: 'RS256', kid: rsa.kid })}.${Buffer.from(payload).toString('base64url')}`;
      const token = `${input}.${createSign('sha256').update(input).sign(rsa.privateKeyObject).toString('base64url')}`;
      expect(errorOf(() => verifier.verify(token)), payload).to.be.instanceOf(TokenInvalidError).with.property('message', 'payload is not an object');
      expect(errorOf(() => verifier.verifyAccessToken(token)).message).to.equal('payload is not an object');
    }
  });

  it('answers "no key yet" with a key source that cannot tell a refused key', () => {
    const keys = { keyFor: () => undefined, hasAnyKey: () => false };
    const verifier = new JsonWebTokenVerifier(keys, new FixedClock(START), { clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000 });
    expect(errorOf(() => verifier.verify('a.b.c'))).to.be.instanceOf(KeyUnavailableError);
  });
});

describe('CachingTokenVerifier: what it remembers, and for how long', () => {
  const ec = signingKey('ec');
  const claims = (overrides: Record<string, unknown> = {}) => ({ ...stubClaims({ jti: 'j' }, T0), exp: T0 + 60, ...overrides }) as TokenClaims;
  let keys: FakeKeySource;
  let key: VerificationKey;
  let clock: FixedClock;

  beforeEach(() => {
    keys = new FakeKeySource();
    key = keys.activate({ kid: ec.kid, method: 'ecdsa', algorithms: ['ES256'], material: ec.publicKey });
    clock = new FixedClock(START);
  });

  const caching = (inner: TokenVerifier, clockToleranceSeconds = 0) => new CachingTokenVerifier(inner, keys, clock, { maxEntries: 10, clockToleranceSeconds });
  const real = (clockToleranceSeconds = 0) =>
    new CountingVerifier((token) => new JsonWebTokenVerifier(keys, clock, { clockToleranceSeconds, maxTokenLifetimeSeconds: 18000 }).verify(token));

  it('answers from memory until exp plus the tolerance', () => {
    const inner = real(5);
    const verifier = caching(inner, 5);
    const token = signToken(ec, claims({ exp: T0 + 10 }));
    verifier.verify(token);
    clock.advanceSeconds(7);
    verifier.verify(token);
    clock.advanceSeconds(7);
    verifier.verify(token);
    expect(inner.calls).to.equal(1);
  });

  it('answers a token with nbf from memory while nbf is within the tolerance, also at its very edge', () => {
    const inner = real(5);
    const verifier = caching(inner, 5);
    const atEdge = signToken(ec, claims({ nbf: T0 + 5 }));
    verifier.verify(atEdge);
    verifier.verify(atEdge);
    expect(inner.calls).to.equal(1);
    const reached = signToken(ec, claims({ nbf: T0, jti: 'k' }));
    verifier.verify(reached);
    verifier.verify(reached);
    expect(inner.calls).to.equal(2);
  });

  it('remembers a token without kid under the key for tokens without kid', () => {
    const inner = real();
    const verifier = caching(inner);
    const token = signToken(ec, claims(), { kid: undefined });
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).to.not.have.property('kid');
    verifier.verify(token);
    verifier.verify(token);
    expect(inner.calls).to.equal(1);
    expect(verifier.size).to.equal(1);
    // A kid that is not a string is read as none, as the verifier reads it.
    const numericKid = signToken(ec, claims({ jti: 'n' }), { kid: 7 });
    verifier.verify(numericKid);
    verifier.verify(numericKid);
    expect(inner.calls).to.equal(2);
    keys.activate({ ...key });
    verifier.verify(token);
    expect(inner.calls).to.equal(3);
  });

  it('remembers nothing an inner verifier accepted without a numeric exp, with a malformed nbf, or under a kid it does not hold', () => {
    for (const [token, answer] of [
      [signToken(ec, {}), claims({ exp: 'soon' })],
      [signToken(ec, {}), claims({ nbf: 'now' })],
      [signToken(ec, {}, { kid: 'elsewhere' }), claims()],
    ] as const) {
      const inner = new CountingVerifier(() => answer);
      const verifier = caching(inner);
      verifier.verify(token);
      verifier.verify(token);
      expect(inner.calls, JSON.stringify(answer).slice(0, 40)).to.equal(2);
      expect(verifier.size).to.equal(0);
    }
  });

  it('remembers nothing for a token whose header is not a JSON object', () => {
    for (const token of ['opaque-token', `${encodeSegment('text')}.e30.sig`, `${encodeSegment(null)}.e30.sig`]) {
      const inner = new CountingVerifier(() => claims());
      const verifier = caching(inner);
      verifier.verify(token);
      verifier.verify(token);
      expect(inner.calls, token).to.equal(2);
      expect(verifier.size).to.equal(0);
    }
  });
});
