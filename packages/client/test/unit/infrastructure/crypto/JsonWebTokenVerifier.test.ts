import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { KeyUnavailableError, TokenExpiredError, TokenInvalidError, UnknownKeyIdError, type TokenClaims, type VerificationKey } from '../../../../src/index';
import { JsonWebTokenVerifier } from '../../../../src/infrastructure/crypto/JsonWebTokenVerifier';
import { compactJws, encodeSegment, rsaSha256 } from '../../../support/compactJws';
import { FakeKeySource } from '../../../support/FakeKeySource';
import { FixedClock } from '../../../support/FixedClock';
import { signingKey, signToken, stubClaims } from '../../../support/testKeys';

const ISSUER = 'http://localhost/auth';
const START = '2026-01-01T00:00:00Z';
const IAT = Date.parse(START) / 1000;

function claims(overrides: Partial<Record<keyof TokenClaims | 'nbf', unknown>> = {}): Record<string, unknown> {
  return { ...stubClaims({ iss: ISSUER, jti: 'jti-1' }, IAT), exp: IAT + 600, ...overrides };
}

function errorOf(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('JsonWebTokenVerifier: signature, pinned algorithms, claims and times', () => {
  const rsa = signingKey('rsa');
  const other = signingKey('rsa');
  let keys: FakeKeySource;
  let key: VerificationKey;
  let clock: FixedClock;
  let verifier: JsonWebTokenVerifier;

  const verifierWith = (options: Partial<ConstructorParameters<typeof JsonWebTokenVerifier>[2]> = {}) =>
    new JsonWebTokenVerifier(keys, clock, { issuer: ISSUER, clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000, ...options });

  beforeEach(() => {
    keys = new FakeKeySource();
    key = keys.activate({ kid: rsa.kid, method: 'rsa', algorithms: ['RS256'], material: rsa.publicKey });
    clock = new FixedClock(START);
    verifier = verifierWith();
  });

  it('returns the claims of a token signed with the held key, by kid or (without kid) the primary key', () => {
    expect(verifier.verify(signToken(rsa, claims()))).to.deep.include({ account: 'admin', userId: '1', iss: ISSUER, exp: IAT + 600, jti: 'jti-1' });
    const withoutKid = jwt.sign(claims(), rsa.privateKeyObject, { algorithm: 'RS256' });
    expect(verifier.verify(withoutKid).userId).to.equal('1');
  });

  it('pins the key’s algorithms: a PS256 token made with the right RS256-only key is refused, and the reverse', () => {
    expect(errorOf(() => verifier.verify(signToken({ ...rsa, alg: 'PS256' }, claims())))).to.be.instanceOf(TokenInvalidError);
    keys.activate({ ...key, algorithms: ['PS256'] });
    expect(verifier.verify(signToken({ ...rsa, alg: 'PS256' }, claims())).userId).to.equal('1');
    const error = errorOf(() => verifier.verify(signToken(rsa, claims())));
    expect(error).to.be.instanceOf(TokenInvalidError).with.property('message', 'token rejected');
    expect(error.cause).to.be.instanceOf(jwt.JsonWebTokenError);
  });

  it('refuses alg none and HS256 keyed with the public key text', () => {
    const none = compactJws({ alg: 'none', typ: 'JWT', kid: rsa.kid }, claims(), () => '');
    expect(errorOf(() => verifier.verify(none))).to.be.instanceOf(TokenInvalidError);
    const hs = jwt.sign(claims(), Buffer.from(rsa.publicKey), { algorithm: 'HS256', keyid: rsa.kid });
    expect(errorOf(() => verifier.verify(hs))).to.be.instanceOf(TokenInvalidError);
  });

  it('answers TokenExpiredError from exp on, keeping the library error as cause', () => {
    const token = signToken(rsa, claims());
    clock.advanceSeconds(599);
    expect(verifier.verify(token).userId).to.equal('1');
    clock.advanceSeconds(1);
    const error = errorOf(() => verifier.verify(token));
    expect(error).to.be.instanceOf(TokenExpiredError).and.include({ code: 'TOKEN_EXPIRED', message: 'token expired' });
    expect(error.cause).to.be.instanceOf(jwt.TokenExpiredError);
  });

  it('reads the clock in whole seconds: a token is still good until the second of its exp', () => {
    const token = signToken(rsa, claims());
    clock.set(new Date((IAT + 599) * 1000 + 999));
    expect(verifier.verify(token).userId).to.equal('1');
  });

  it('allows the configured clock tolerance past exp, and not a second more', () => {
    const tolerant = verifierWith({ clockToleranceSeconds: 30 });
    const token = signToken(rsa, claims());
    clock.advanceSeconds(629);
    expect(tolerant.verify(token).userId).to.equal('1');
    clock.advanceSeconds(1);
    expect(errorOf(() => tolerant.verify(token))).to.be.instanceOf(TokenExpiredError);
  });

  it('refuses a token not valid yet (nbf) beyond the tolerance', () => {
    const token = signToken(rsa, claims({ nbf: IAT + 60 }));
    expect(errorOf(() => verifier.verify(token))).to.be.instanceOf(TokenInvalidError);
    expect(verifierWith({ clockToleranceSeconds: 60 }).verify(token).userId).to.equal('1');
  });

  it('refuses a token issued in the future beyond the tolerance, and accepts one within it', () => {
    const future = signToken(rsa, claims({ iat: IAT + 31, exp: IAT + 600 }));
    expect(errorOf(() => verifierWith({ clockToleranceSeconds: 30 }).verify(future))).to.be.instanceOf(TokenInvalidError).with.property('message', 'token issued in the future');
    const withinTolerance = signToken(rsa, claims({ iat: IAT + 30, exp: IAT + 600 }));
    expect(verifierWith({ clockToleranceSeconds: 30 }).verify(withinTolerance).userId).to.equal('1');
  });

  it('refuses a token living longer than the auth service issues them (exp - iat beyond the TTL plus tolerance)', () => {
    const strict = verifierWith({ maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 10 });
    expect(strict.verify(signToken(rsa, claims({ exp: IAT + 610 }))).userId).to.equal('1');
    const tooLong = signToken(rsa, claims({ exp: IAT + 611 }));
    expect(errorOf(() => strict.verify(tooLong))).to.be.instanceOf(TokenInvalidError).with.property('message', 'token lifetime longer than the auth service issues');
  });

  it('refuses a wrong or missing issuer', () => {
    const wrong = signToken(rsa, claims({ iss: 'http://evil.example/auth' }));
    expect(errorOf(() => verifier.verify(wrong))).to.be.instanceOf(TokenInvalidError).with.property('code', 'TOKEN_INVALID');
    const { iss: _iss, ...withoutIssuer } = claims();
    expect(errorOf(() => verifier.verify(signToken(rsa, withoutIssuer)))).to.be.instanceOf(TokenInvalidError);
  });

  it('accepts any issuer when none is configured', () => {
    const open = verifierWith({ issuer: undefined });
    expect(open.verify(signToken(rsa, claims({ iss: 'http://elsewhere' }))).iss).to.equal('http://elsewhere');
  });

  it('asks a learned issuer per token: while it is unknown every token is "try later", once known it is enforced', () => {
    let learned: string | null = null;
    const learning = verifierWith({ issuer: () => learned });
    const token = signToken(rsa, claims());
    const error = errorOf(() => learning.verify(token));
    expect(error).to.be.instanceOf(KeyUnavailableError).with.property('message', 'the issuer of the auth service is not known yet');
    learned = 'http://other.example/auth';
    expect(errorOf(() => learning.verify(token))).to.be.instanceOf(TokenInvalidError);
    learned = ISSUER;
    expect(learning.verify(token).userId).to.equal('1');
  });

  it('refuses an unknown kid with UnknownKeyIdError naming it (a refetch may find it)', () => {
    const error = errorOf(() => verifier.verify(signToken({ ...rsa, kid: 'not-a-known-kid' }, claims())));
    expect(error).to.be.instanceOf(UnknownKeyIdError).and.include({ kid: 'not-a-known-kid', message: 'no key for this token' });
  });

  it('refuses a token without kid when no key answers tokens without kid', () => {
    keys.clear();
    keys.activate(key);
    const withoutPrimary = new JsonWebTokenVerifier(
      { keyFor: (kid) => (kid === undefined ? undefined : keys.keyFor(kid)), hasAnyKey: () => true },
      clock,
      { issuer: ISSUER, clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000 },
    );
    const error = errorOf(() => withoutPrimary.verify(jwt.sign(claims(), rsa.privateKeyObject, { algorithm: 'RS256' })));
    expect(error).to.be.instanceOf(TokenInvalidError).and.not.instanceOf(UnknownKeyIdError);
    expect(error.message).to.equal('no key for this token');
  });

  it('ignores a kid header that is not a string (the primary key checks it)', () => {
    const token = signToken(rsa, claims(), { kid: 42 });
    expect(verifier.verify(token).userId).to.equal('1');
  });

  it('refuses a token signed by another key under the held kid', () => {
    const foreign = signToken({ ...other, kid: rsa.kid }, claims());
    expect(errorOf(() => verifier.verify(foreign))).to.be.instanceOf(TokenInvalidError);
  });

  it('refuses any token while the held key cannot verify anything (unusable material)', () => {
    keys.activate({ kid: 'broken', method: 'rsa', algorithms: ['RS256'], material: 'not a key' });
    const error = errorOf(() => verifier.verify(signToken({ ...rsa, kid: 'broken' }, claims())));
    expect(error).to.be.instanceOf(TokenInvalidError).with.property('message', 'the verification key is unusable');
  });

  it('refuses critical header extensions (RFC 7515 §4.1.11)', () => {
    const token = signToken(rsa, claims(), { crit: ['exp'], exp: 1 });
    expect(errorOf(() => verifier.verify(token))).to.be.instanceOf(TokenInvalidError).with.property('message', 'critical header extensions are not supported');
  });

  it('accepts a user token with only sub among the user claims (a registered client granted no profile)', () => {
    const { account: _a, nickName: _n, userId: _u, userType: _t, ...rest } = claims({ sub: '42', client_id: 'web' });
    expect(verifier.verify(signToken(rsa, rest))).to.deep.equal(rest);
    expect(verifier.verifyAccessToken(signToken(rsa, rest))).to.deep.equal(rest);
  });

  it('refuses a token with neither userId nor client_id (an ID token is no access token)', () => {
    const idToken = { iss: ISSUER, sub: '1', aud: 'web', iat: IAT, exp: IAT + 600, nonce: 'n' };
    expect(errorOf(() => verifier.verify(signToken(rsa, idToken)))).to.be.instanceOf(TokenInvalidError).with.property('message', 'claim userId missing');
    expect(errorOf(() => verifier.verifyAccessToken(signToken(rsa, idToken)))).to.be.instanceOf(TokenInvalidError).with.property('message', 'claim userId missing');
    const { userId: _userId, ...withoutUserId } = claims();
    expect(errorOf(() => verifier.verify(signToken(rsa, withoutUserId)))).to.be.instanceOf(TokenInvalidError).with.property('message', 'claim userId missing');
    expect(verifier.verify(signToken(rsa, { ...withoutUserId, client_id: 'web' }))).to.include({ client_id: 'web' });
  });

  it('refuses a user token without a string sub', () => {
    const { sub: _sub, ...rest } = claims();
    expect(errorOf(() => verifier.verify(signToken(rsa, rest)))).to.be.instanceOf(TokenInvalidError).with.property('message', 'claim sub missing');
    expect(errorOf(() => verifier.verify(signToken(rsa, claims({ sub: 1 }))))).to.be.instanceOf(TokenInvalidError).with.property('message', 'claim sub missing');
  });

  for (const name of ['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade', 'client_id'] as const) {
    it(`accepts the optional ${name} as a string and refuses it otherwise`, () => {
      expect(verifier.verify(signToken(rsa, claims({ [name]: 'x' })))).to.have.property(name, 'x');
      const error = errorOf(() => verifier.verify(signToken(rsa, claims({ [name]: { id: 1 } }))));
      expect(error).to.be.instanceOf(TokenInvalidError).with.property('message', `claim ${name} malformed`);
    });
  }

  it('refuses a client’s own token (sub equal to client_id, no userId or account) as naming no user', () => {
    const client = { sub: 'billing', client_id: 'billing', iss: ISSUER, iat: IAT, exp: IAT + 600, jti: 'c-1' };
    expect(errorOf(() => verifier.verify(signToken(rsa, client)))).to.be.instanceOf(TokenInvalidError).with.property('message', 'a client token names no user');
    expect(verifier.verify(signToken(rsa, { ...client, userId: 'billing' }))).to.include({ userId: 'billing' });
    expect(verifier.verify(signToken(rsa, { ...client, account: 'billing' }))).to.include({ account: 'billing' });
  });

  it('refuses a correctly signed token without exp, or with a non-numeric one (it would never expire)', () => {
    const { exp: _exp, ...withoutExp } = claims();
    expect(errorOf(() => verifier.verify(signToken(rsa, withoutExp)))).to.be.instanceOf(TokenInvalidError).with.property('message', 'claim exp missing');
    const textual = compactJws({ alg: 'RS256', typ: 'JWT', kid: rsa.kid }, { ...withoutExp, exp: 'never' }, rsaSha256(rsa.privateKeyObject));
    expect(errorOf(() => verifier.verify(textual))).to.be.instanceOf(TokenInvalidError);
  });

  it('refuses a correctly signed token without a numeric iat (neither future issue nor lifetime could be told)', () => {
    const { iat: _iat, ...rest } = claims();
    for (const iat of [undefined, 'yesterday']) {
      const token = compactJws({ alg: 'RS256', typ: 'JWT', kid: rsa.kid }, { ...rest, iat }, rsaSha256(rsa.privateKeyObject));
      expect(errorOf(() => verifier.verify(token))).to.be.instanceOf(TokenInvalidError).with.property('message', 'claim iat missing');
    }
  });

  it('refuses garbage, headers that are not objects and oversized tokens with TokenInvalidError', () => {
    for (const garbage of ['', 'abc', 'a.b.c', '...', '.x.y', `${encodeSegment(null)}.e30.`, `${encodeSegment([1])}.e30.`, `${encodeSegment('x')}.e30.`]) {
      expect(errorOf(() => verifier.verify(garbage)), garbage.slice(0, 20)).to.be.instanceOf(TokenInvalidError);
    }
    expect(errorOf(() => verifier.verify('abc')).message).to.equal('not a compact JWS');
    expect(errorOf(() => verifier.verify('.x.y')).message).to.equal('not a compact JWS');
    const unreadable = errorOf(() => verifier.verify(`${encodeSegment(null)}.e30.`));
    expect(unreadable.message).to.equal('unreadable token header');
    expect(unreadable.cause).to.be.instanceOf(TypeError).with.property('message', 'header is not an object');
  });

  it('refuses a token longer than 8192 characters before parsing it, and reads one of exactly 8192', () => {
    /** A genuine token of exactly `length` characters (padding in the header and an optional claim). */
    const ofLength = (length: number): string => {
      for (let pad = 0; pad < 4; pad++) {
        const base = signToken(rsa, claims({ avatar: '' }), { pad: 'p'.repeat(pad) });
        const bytes = Math.floor(((length - base.length) * 3) / 4);
        const token = signToken(rsa, claims({ avatar: 'a'.repeat(bytes) }), { pad: 'p'.repeat(pad) });
        if (token.length === length) return token;
      }
      throw new Error(`no token of ${length} characters`);
    };
    expect(errorOf(() => verifier.verify(ofLength(8193)))).to.be.instanceOf(TokenInvalidError).with.property('message', 'token too long');
    expect(verifier.verify(ofLength(8192)).userId).to.equal('1');
  });

  it('answers KeyUnavailableError while it holds no key at all, TokenInvalidError when the key was refused', () => {
    keys.clear();
    const token = signToken(rsa, claims());
    expect(errorOf(() => verifier.verify(token))).to.be.instanceOf(KeyUnavailableError).with.property('message', 'no key is available yet');
    keys.refusal = 'an ec key cannot verify rsa tokens';
    const refused = errorOf(() => verifier.verify(token));
    expect(refused).to.be.instanceOf(TokenInvalidError).with.property('message', 'the verification key does not fit the sign method');
  });

  it('verifies HMAC tokens with the Base64 secret and pins HS256', () => {
    const secret = randomBytes(32).toString('base64');
    keys.activate({ kid: 'h1', method: 'hmac', algorithms: ['HS256'], material: secret });
    const hmac = (alg: jwt.Algorithm) => jwt.sign(claims(), Buffer.from(secret, 'base64'), { algorithm: alg, keyid: 'h1' });
    expect(verifier.verify(hmac('HS256')).userId).to.equal('1');
    expect(errorOf(() => verifier.verify(hmac('HS512')))).to.be.instanceOf(TokenInvalidError);
  });

  describe('verifyAccessToken (user and client tokens)', () => {
    const clientClaims = { sub: 'billing', client_id: 'billing', iss: ISSUER, iat: IAT, exp: IAT + 600, jti: 'c-1' };

    it('accepts a client token (client_id and sub, no user claim) as the client’s claims', () => {
      expect(verifier.verifyAccessToken(signToken(rsa, clientClaims))).to.deep.equal(clientClaims);
    });

    it('reads a user token issued through a client as a user token, with the same user checks', () => {
      const user = claims({ client_id: 'web' });
      expect(verifier.verifyAccessToken(signToken(rsa, user))).to.include({ account: 'admin', client_id: 'web' });
      expect(errorOf(() => verifier.verifyAccessToken(signToken(rsa, { ...user, account: 7 })))).to.be.instanceOf(TokenInvalidError).with.property('message', 'claim account malformed');
      const { sub: _sub, ...withoutSub } = user;
      expect(errorOf(() => verifier.verifyAccessToken(signToken(rsa, withoutSub)))).to.be.instanceOf(TokenInvalidError).with.property('message', 'claim sub missing');
    });

    it('reads a token whose sub is not its client_id as a user’s, even without user fields', () => {
      const scoped = { ...clientClaims, sub: '42' };
      expect(verifier.verifyAccessToken(signToken(rsa, scoped))).to.deep.equal(scoped);
    });

    it('refuses a client token whose client_id or sub is not a string, with the user check’s error', () => {
      const cases: Array<[Record<string, unknown>, string]> = [[{ client_id: 7 }, 'claim client_id malformed'], [{ sub: 7 }, 'claim sub missing'], [{ sub: undefined }, 'claim sub missing']];
      for (const [bad, message] of cases) {
        const error = errorOf(() => verifier.verifyAccessToken(signToken(rsa, { ...clientClaims, ...bad })));
        expect(error, JSON.stringify(bad)).to.be.instanceOf(TokenInvalidError).with.property('message', message);
      }
    });

    it('keeps the same signature and time checks for client tokens', () => {
      const token = signToken(rsa, clientClaims);
      clock.advanceSeconds(600);
      expect(errorOf(() => verifier.verifyAccessToken(token))).to.be.instanceOf(TokenExpiredError);
    });
  });
});
