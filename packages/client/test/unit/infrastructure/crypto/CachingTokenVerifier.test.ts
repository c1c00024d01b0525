import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { TokenExpiredError, TokenInvalidError, type TokenClaims, type TokenVerifier, type VerificationKey } from '../../../../src/index';
import { CachingTokenVerifier, digestOf, tokenDigest } from '../../../../src/infrastructure/crypto/CachingTokenVerifier';
import { JsonWebTokenVerifier } from '../../../../src/infrastructure/crypto/JsonWebTokenVerifier';
import { FakeKeySource } from '../../../support/FakeKeySource';
import { FixedClock } from '../../../support/FixedClock';
import { signingKey, signToken, type TestKeyPair } from '../../../support/testKeys';

const ISSUER = 'http://localhost/auth';
const START = new Date('2026-01-01T00:00:00Z');
const T0 = START.getTime() / 1000;

function verificationKey(pair: TestKeyPair, kid = pair.kid): VerificationKey {
  return { kid, method: 'ecdsa', algorithms: ['ES256'], material: pair.publicKey };
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
  const pair = signingKey('ec');
  const otherPair = signingKey('ec');
  let ring: FakeKeySource;
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

  beforeEach(() => {
    ring = new FakeKeySource();
    ring.activate(verificationKey(pair));
    clock = new FixedClock(START);
  });

  it('checks the signature once and answers the same token from memory afterwards', async () => {
    const verifier = cached();
    const token = signToken(pair, claims());
    const first = verifier.verify(token);
    const second = verifier.verify(token);
    expect(second).to.deep.equal(first);
    expect(first.account).to.equal('admin');
    expect(inner.calls).to.equal(1);
  });

  it('rejects a remembered token once the injected clock reaches its exp, with the expiry error', async () => {
    const verifier = cached();
    const token = signToken(pair, claims({ exp: T0 + 60 }));
    verifier.verify(token);
    clock.advanceSeconds(59);
    verifier.verify(token);
    clock.advanceSeconds(1);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenExpiredError);
    expect(verifier.size).to.equal(0);
  });

  it('applies the clock tolerance to exp exactly as the verifier does', async () => {
    const verifier = cached(100, 5);
    const token = signToken(pair, claims({ exp: T0 + 10 }));
    verifier.verify(token);
    clock.advanceSeconds(14);
    expect(verifier.verify(token).exp).to.equal(T0 + 10);
    clock.advanceSeconds(1);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenExpiredError);
  });

  it('rejects a remembered token whose nbf lies ahead once the clock is moved back', async () => {
    const verifier = cached();
    const token = signToken(pair, claims({ nbf: T0 } as Partial<TokenClaims>));
    verifier.verify(token);
    clock.advanceSeconds(-1);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenInvalidError);
    expect(inner.calls).to.equal(2);
  });

  it('rejects a remembered token once its key is no longer in the key set, and forgets everything', async () => {
    const verifier = cached();
    const token = signToken(pair, claims());
    const other = signToken(pair, claims({ jti: 'other' }));
    verifier.verify(token);
    verifier.verify(other);
    ring.clear();
    ring.activate(verificationKey(otherPair));
    expect(rejection(verifier, token)).to.be.instanceOf(TokenInvalidError);
    expect(verifier.size).to.equal(0);
  });

  it('keeps remembered tokens when a periodic reload brings back the very same key material', async () => {
    const verifier = cached();
    const token = signToken(pair, claims());
    verifier.verify(token);
    ring.activate(ring.keyFor(pair.kid) as VerificationKey);
    verifier.verify(token);
    expect(inner.calls).to.equal(1);
  });

  it('verifies again when the key under a kid is replaced by different material', async () => {
    const verifier = cached();
    const token = signToken(pair, claims());
    verifier.verify(token);
    ring.activate(verificationKey(otherPair, pair.kid));
    expect(rejection(verifier, token)).to.be.instanceOf(TokenInvalidError);
    expect(inner.calls).to.equal(2);
  });

  it('never remembers a rejected token', async () => {
    const verifier = cached();
    const [header, payload] = (signToken(pair, claims())).split('.');
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
    const token = signToken(pair, noExp as unknown as TokenClaims);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenInvalidError);
    expect(rejection(verifier, token)).to.be.instanceOf(TokenInvalidError);
    expect(inner.calls).to.equal(2);
    expect(verifier.size).to.equal(0);
  });

  it('holds at most maxEntries tokens, dropping the least recently used', async () => {
    const verifier = cached(2);
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((jti) => Promise.resolve(signToken(pair, claims({ jti })))));
    verifier.verify(a);
    verifier.verify(b);
    verifier.verify(a); // a is now the most recent, b the least
    verifier.verify(c); // seen for the first time while full: verified, not kept
    verifier.verify(c); // seen again: kept, evicts b
    expect(verifier.size).to.equal(2);
    const before = inner.calls;
    verifier.verify(a);
    verifier.verify(c);
    expect(inner.calls).to.equal(before);
    verifier.verify(b);
    expect(inner.calls).to.equal(before + 1);
  });

  it('gives a used token a second chance when full, and drops it once it goes unused for a round', () => {
    const verifier = cached(2);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((jti) => signToken(pair, claims({ jti })));
    verifier.verify(a);
    verifier.verify(b);
    verifier.verify(a);
    verifier.verify(b); // both used: each gets a second chance, then a (the oldest) goes once unmarked
    verifier.verify(c);
    verifier.verify(c);
    const before = inner.calls;
    verifier.verify(b);
    expect(inner.calls).to.equal(before);
    verifier.verify(d);
    verifier.verify(d); // b was used again, c not: c goes
    verifier.verify(b);
    verifier.verify(d);
    expect(inner.calls).to.equal(before + 2);
    verifier.verify(c);
    verifier.verify(a);
    expect(inner.calls).to.equal(before + 4);
    expect(verifier.size).to.equal(2);
  });

  it('keeps a token first seen while full only when it comes again, so one-off tokens leave the tokens in use alone', () => {
    const verifier = cached(2);
    const [a, b] = ['a', 'b'].map((jti) => signToken(pair, claims({ jti })));
    verifier.verify(a);
    verifier.verify(b);
    const oneOff = Array.from({ length: 40 }, (_, i) => signToken(pair, claims({ jti: `once-${i}` })));
    for (const token of oneOff) expect(verifier.verify(token).jti).to.match(/^once-/);
    const before = inner.calls;
    verifier.verify(a);
    verifier.verify(b);
    expect(inner.calls).to.equal(before);
    expect(verifier.size).to.equal(2);
    // A token not kept is verified again the next time, and kept then.
    const again = oneOff[oneOff.length - 1];
    verifier.verify(again);
    expect(inner.calls).to.equal(before + 1);
    verifier.verify(again);
    expect(inner.calls).to.equal(before + 1);
  });

  it("keeps and hands out the verifier's own claims object, frozen, not a copy", () => {
    const answer = claims({ jti: 'own' });
    const verifier = new CachingTokenVerifier({ verify: () => answer }, ring, clock, { maxEntries: 10, clockToleranceSeconds: 0 });
    const token = signToken(pair, claims({ jti: 'own' }));
    expect(verifier.verify(token)).to.equal(answer);
    expect(verifier.verify(token)).to.equal(answer);
    expect(Object.isFrozen(answer)).to.equal(true);
  });

  it('keys tokens by their SHA-256: a token differing from a remembered one in one character is verified, not answered from memory', () => {
    const verifier = cached();
    const token = signToken(pair, claims());
    verifier.verify(token);
    // A signature character whose six bits all count (the last one of a base64url signature may carry padding bits only).
    const at = token.lastIndexOf('.') + 5;
    const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(rejection(verifier, forged)).to.be.instanceOf(TokenInvalidError);
    expect(inner.calls).to.equal(2);
    expect(verifier.verify(token).jti).to.equal('j');
    expect(inner.calls).to.equal(2);
    const sha256 = createHash('sha256').update(token).digest('binary');
    expect(digestOf(token)).to.equal(sha256).and.to.have.length(32);
    // Node before 20.12 has no crypto.hash: the same digest through createHash.
    expect(tokenDigest(undefined)(token)).to.equal(sha256);
  });

  it('remembers a token verified after its kid got another key under that key, not the old one', () => {
    const verifier = cached();
    verifier.verify(signToken(pair, claims()));
    ring.activate(verificationKey(otherPair, pair.kid));
    const renewed = signToken({ ...otherPair, kid: pair.kid }, claims({ jti: 'renewed' }));
    verifier.verify(renewed);
    verifier.verify(renewed);
    expect(inner.calls).to.equal(2);
  });

  it('remembers nothing when maxEntries is 0', async () => {
    const verifier = cached(0);
    const token = signToken(pair, claims());
    verifier.verify(token);
    verifier.verify(token);
    expect(inner.calls).to.equal(2);
    expect(verifier.size).to.equal(0);
  });

  it('hands out claims that callers cannot change for the next request', async () => {
    const verifier = cached();
    const token = signToken(pair, claims());
    const first = verifier.verify(token) as unknown as Record<string, unknown>;
    expect(() => {
      first.account = 'root';
    }).to.throw(TypeError);
    expect(verifier.verify(token).account).to.equal('admin');
  });
});
