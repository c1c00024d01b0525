import { expect } from 'chai';
import { TokenInvalidError, buildTokenVerifier } from '../../../../src/index';
import { JsonWebTokenVerifier } from '../../../../src/infrastructure/crypto/JsonWebTokenVerifier';
import { FakeKeySource } from '../../../support/FakeKeySource';
import { FixedClock } from '../../../support/FixedClock';
import { signingKey, signToken, stubClaims } from '../../../support/testKeys';

const ISSUER = 'http://localhost/auth';
const START = '2026-01-01T00:00:00Z';
const IAT = Date.parse(START) / 1000;
const ORDERS = 'https://orders.example';

function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...stubClaims({ iss: ISSUER, jti: 'jti-1' }, IAT), exp: IAT + 600, ...overrides };
}

const CLIENT = { sub: 'billing', client_id: 'billing', iss: ISSUER, iat: IAT, exp: IAT + 600, jti: 'jti-2' };

function errorOf(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('JsonWebTokenVerifier: audience and RFC 9068 token type', () => {
  const rsa = signingKey('rsa');
  let keys: FakeKeySource;
  let clock: FixedClock;
  const verifierWith = (audience?: readonly string[]) =>
    new JsonWebTokenVerifier(keys, clock, { issuer: ISSUER, clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000, audience });

  beforeEach(() => {
    keys = new FakeKeySource();
    keys.activate({ kid: rsa.kid, method: 'rsa', algorithms: ['RS256'], material: rsa.publicKey });
    clock = new FixedClock(START);
  });

  it('without an audience configured, takes tokens with any aud or none (today’s behaviour)', () => {
    const verifier = verifierWith();
    for (const aud of [undefined, ORDERS, ['a', 'b'], 7]) {
      expect(verifier.verify(signToken(rsa, claims(aud === undefined ? {} : { aud }))).userId, JSON.stringify(aud)).to.equal('1');
    }
  });

  it('with an audience configured, takes a token whose aud (string or array) names one of them, exactly', () => {
    const verifier = verifierWith(['https://billing.example', ORDERS]);
    expect(verifier.verify(signToken(rsa, claims({ aud: ORDERS }))).userId).to.equal('1');
    expect(verifier.verify(signToken(rsa, claims({ aud: ['https://other.example', ORDERS] }))).userId).to.equal('1');
    expect(verifier.verifyAccessToken(signToken(rsa, { ...CLIENT, aud: 'https://billing.example' }))).to.include({ client_id: 'billing' });
  });

  it('with an audience configured, refuses a token without aud, with another aud or a near miss, on both checks', () => {
    const verifier = verifierWith([ORDERS]);
    for (const aud of [undefined, 'https://billing.example', `${ORDERS}/`, [], ['https://billing.example'], 7, [7]]) {
      const token = signToken(rsa, claims(aud === undefined ? {} : { aud }));
      const error = errorOf(() => verifier.verify(token));
      expect(error, JSON.stringify(aud)).to.be.instanceOf(TokenInvalidError).and.include({ code: 'TOKEN_INVALID', message: 'token audience not accepted' });
      expect(errorOf(() => verifier.verifyAccessToken(token)), JSON.stringify(aud)).to.be.instanceOf(TokenInvalidError);
    }
    expect(errorOf(() => verifier.verifyAccessToken(signToken(rsa, CLIENT)))).to.include({ message: 'token audience not accepted' });
  });

  it('takes the RFC 9068 header typ at+jwt as well as JWT and none', () => {
    const verifier = verifierWith([ORDERS]);
    for (const typ of ['at+jwt', 'JWT', undefined]) {
      expect(verifier.verify(signToken(rsa, claims({ aud: ORDERS, scope: 'orders:read' }), { typ })).userId, String(typ)).to.equal('1');
      expect(verifier.verifyAccessToken(signToken(rsa, { ...CLIENT, aud: ORDERS }, { typ })), String(typ)).to.include({ sub: 'billing' });
    }
  });

  it('refuses a user token whose client_id is not a string', () => {
    const error = errorOf(() => verifierWith().verify(signToken(rsa, claims({ client_id: 7 }))));
    expect(error).to.be.instanceOf(TokenInvalidError).and.include({ message: 'claim client_id malformed' });
    expect(verifierWith().verify(signToken(rsa, claims({ client_id: 'web' }))).client_id).to.equal('web');
  });
});

describe('buildTokenVerifier: the audience setting and the verified-token cache', () => {
  const rsa = signingKey('rsa');
  const keys = new FakeKeySource();
  keys.activate({ kid: rsa.kid, method: 'rsa', algorithms: ['RS256'], material: rsa.publicKey });
  const clock = new FixedClock(START);
  const build = (audience?: string | readonly string[]) =>
    buildTokenVerifier(keys, clock, { issuer: ISSUER, clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000, verifiedTokenCacheSize: 100, audience });

  it('takes one audience or a list', () => {
    const token = signToken(rsa, claims({ aud: ORDERS }));
    expect(build(ORDERS).verify(token).userId).to.equal('1');
    expect(build(['x', ORDERS]).verify(token).userId).to.equal('1');
    expect(errorOf(() => build('x').verify(token))).to.be.instanceOf(TokenInvalidError);
    expect(errorOf(() => build([]).verify(token)), 'an empty list accepts no token').to.be.instanceOf(TokenInvalidError);
  });

  it('keeps the cache per verifier: a token cached by one audience configuration is still refused by another, every time', () => {
    const token = signToken(rsa, claims({ aud: ORDERS }));
    const orders = build(ORDERS);
    const billing = build('https://billing.example');
    const open = build();
    for (let round = 0; round < 2; round += 1) {
      expect(orders.verify(token).userId).to.equal('1');
      expect(open.verify(token).userId).to.equal('1');
      expect(errorOf(() => billing.verify(token)), `round ${round}`).to.include({ message: 'token audience not accepted' });
    }
  });

  it('does not hold the caller’s list: changing it later changes nothing', () => {
    const accepted = [ORDERS];
    const verifier = build(accepted);
    accepted[0] = 'https://billing.example';
    expect(verifier.verify(signToken(rsa, claims({ aud: ORDERS }))).userId).to.equal('1');
  });
});
