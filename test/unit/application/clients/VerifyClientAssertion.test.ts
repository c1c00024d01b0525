import { expect } from 'chai';
import { VerifyClientAssertion, type PresentedAssertion } from '../../../../src/application/clients/VerifyClientAssertion';
import type { PublicJwk } from '../../../../src/domain/model/ClientJwks';
import { ServiceIssuer } from '../../../../src/domain/model/ServiceIssuer';
import { FakeClientKeySource } from '../../../support/FakeClientKeySource';
import { FakeJwsVerifier, fakeJws } from '../../../support/FakeJwsVerifier';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemoryUsedAssertionStore } from '../../../support/InMemoryUsedAssertionStore';
import { registeredClient } from '../../../support/oauthClients';

const ISSUER = 'https://auth.example/auth';
const NOW = Date.parse('2026-01-01T00:00:00Z') / 1000;
const RSA: PublicJwk = { kty: 'RSA', kid: 'r1', n: 'AQAB', e: 'AQAB' };
const EC: PublicJwk = { kty: 'EC', kid: 'e1', crv: 'P-256', x: 'x', y: 'y' };
const KEYS_URI = 'https://remote.example/jwks';

describe('VerifyClientAssertion (private_key_jwt, RFC 7523 §3)', () => {
  let clock: FixedClock;
  let keys: FakeClientKeySource;
  let jws: FakeJwsVerifier;
  let used: InMemoryUsedAssertionStore;
  let verify: VerifyClientAssertion;

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    keys = new FakeClientKeySource();
    keys.served.set(KEYS_URI, [RSA]);
    jws = new FakeJwsVerifier();
    used = new InMemoryUsedAssertionStore();
    const issuer = new ServiceIssuer();
    issuer.use(ISSUER);
    const store = new InMemoryOAuthClientStore([
      { client: registeredClient({ id: 'svc', kind: 'confidential', redirectUris: [], jwks: [RSA, EC] }) },
      { client: registeredClient({ id: 'remote', kind: 'confidential', redirectUris: [], jwksUri: KEYS_URI }) },
      { client: registeredClient({ id: 'secretive', kind: 'confidential', redirectUris: [] }), secret: 's' },
      { client: registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'], jwks: [RSA] }) },
    ]);
    verify = new VerifyClientAssertion(store, keys, jws, used, issuer, clock);
  });

  const claims = (overrides: Record<string, unknown> = {}) => ({ iss: 'svc', sub: 'svc', aud: ISSUER, exp: NOW + 60, jti: 'j-1', ...overrides });
  const presented = (assertion: string, more: Partial<PresentedAssertion> = {}): PresentedAssertion => ({ assertion, endpointPath: '/oauth/token', ...more });
  const signed = (claimOverrides: Record<string, unknown> = {}, header: Record<string, unknown> = { alg: 'RS256', kid: 'r1' }, kid = 'r1') =>
    presented(fakeJws(header, claims(claimOverrides), kid));
  const accepted = async (assertion: PresentedAssertion) => (await verify.execute(assertion))?.id ?? null;

  it('accepts an assertion signed by a registered key, aud the issuer, the endpoint URL, or a list holding one', async () => {
    expect(await accepted(signed())).to.equal('svc');
    expect(await accepted(signed({ jti: 'j-2', aud: `${ISSUER}/oauth/token` }))).to.equal('svc');
    expect(await accepted(signed({ jti: 'j-3', aud: ['https://other.example', ISSUER] }))).to.equal('svc');
    expect(await accepted(presented(fakeJws({ alg: 'ES256', kid: 'e1' }, claims({ jti: 'j-4' }), 'e1')))).to.equal('svc');
    // No kid: every key that fits the algorithm is tried.
    expect(await accepted(presented(fakeJws({ alg: 'RS256' }, claims({ jti: 'j-5' }), 'r1')))).to.equal('svc');
  });

  it('the endpoint URL accepted is the one it was presented to', async () => {
    expect(await accepted(signed({ aud: `${ISSUER}/oauth/introspect` }))).to.equal(null);
    expect(await accepted({ ...signed({ aud: `${ISSUER}/oauth/introspect` }), endpointPath: '/oauth/introspect' })).to.equal('svc');
  });

  it('the endpoint URL hangs off an issuer with a trailing slash without doubling it', async () => {
    for (const slashed of [`${ISSUER}/`, `${ISSUER}//`]) {
      const issuer = new ServiceIssuer();
      issuer.use(slashed);
      const store = new InMemoryOAuthClientStore([{ client: registeredClient({ id: 'svc', kind: 'confidential', redirectUris: [], jwks: [RSA] }) }]);
      const slashedVerify = new VerifyClientAssertion(store, keys, jws, new InMemoryUsedAssertionStore(), issuer, clock);
      expect((await slashedVerify.execute(signed({ aud: `${ISSUER}/oauth/token` })))?.id, slashed).to.equal('svc');
    }
  });

  it('refuses algorithms outside the pinned list, and a crit header', async () => {
    for (const alg of ['HS256', 'none', 'RS384', 'ES512', undefined]) expect(await accepted(signed({}, { alg, kid: 'r1' }))).to.equal(null);
    expect(await accepted(signed({}, { alg: 'RS256', kid: 'r1', crit: ['b64'] }))).to.equal(null);
    expect(jws.checks).to.deep.equal([]);
  });

  it('refuses iss other than sub, another client_id beside it, and an audience of someone else', async () => {
    expect(await accepted(signed({ sub: 'other' }))).to.equal(null);
    expect(await accepted({ ...signed(), clientId: 'other' })).to.equal(null);
    expect(await accepted(signed({ aud: 'https://auth.example' }))).to.equal(null);
    expect(await accepted(signed({ aud: [`${ISSUER}/oauth/revoke`] }))).to.equal(null);
    expect(await accepted(signed({ aud: undefined }))).to.equal(null);
    expect(await accepted({ ...signed(), clientId: 'svc' })).to.equal('svc');
  });

  it('exp must be present, ahead of now, and at most 300 s ahead', async () => {
    expect(await accepted(signed({ exp: undefined }))).to.equal(null);
    expect(await accepted(signed({ exp: String(NOW + 60) }))).to.equal(null);
    expect(await accepted(signed({ exp: NOW }))).to.equal(null);
    expect(await accepted(signed({ exp: NOW + 301 }))).to.equal(null);
    expect(await accepted(signed({ exp: NOW + 300 }))).to.equal('svc');
    expect(await accepted(signed({ exp: NOW + 1, jti: 'j-2' }))).to.equal('svc');
  });

  it('nbf and iat may not be in the future beyond 30 s, and must be numbers when present', async () => {
    expect(await accepted(signed({ nbf: NOW + 31 }))).to.equal(null);
    expect(await accepted(signed({ iat: NOW + 31 }))).to.equal(null);
    expect(await accepted(signed({ iat: String(NOW) }))).to.equal(null);
    expect(await accepted(signed({ nbf: NOW + 30, iat: NOW + 30 }))).to.equal('svc');
  });

  it('jti must be a non-empty string of at most 256 characters', async () => {
    for (const jti of [undefined, '', 7, 'x'.repeat(257)]) expect(await accepted(signed({ jti }))).to.equal(null);
    expect(await accepted(signed({ jti: 'x'.repeat(256) }))).to.equal('svc');
  });

  it('refuses an unknown client, a public one, and a confidential one with a secret and no keys', async () => {
    for (const id of ['ghost', 'spa', 'secretive']) expect(await accepted(signed({ iss: id, sub: id }))).to.equal(null);
  });

  it('refuses a signature by no registered key, or by a key that does not fit the algorithm', async () => {
    expect(await accepted(signed({}, { alg: 'RS256', kid: 'r1' }, 'other'))).to.equal(null);
    expect(await accepted(signed({}, { alg: 'RS256', kid: 'e1' }, 'e1'))).to.equal(null);
    expect(await accepted(signed({}, { alg: 'RS256', kid: 7 }, 'r1'))).to.equal(null);
  });

  it('accepts a jti once; an unsigned try does not use it up', async () => {
    expect(await accepted(signed({}, { alg: 'RS256', kid: 'r1' }, 'forged'))).to.equal(null);
    expect(await accepted(signed())).to.equal('svc');
    expect(await accepted(signed())).to.equal(null);
    expect(used.used.get(JSON.stringify(['svc', 'j-1']))).to.equal(NOW + 60);
  });

  it('fetches a --jwks-uri client\'s keys, and once more (fresh) for a kid the set lacks', async () => {
    const remote = (kid: string, jti: string) => presented(fakeJws({ alg: 'RS256', kid }, claims({ iss: 'remote', sub: 'remote', jti }), kid));
    expect(await accepted(remote('r1', 'j-1'))).to.equal('remote');
    expect(keys.asked).to.deep.equal([{ uri: KEYS_URI, fresh: false }]);
    keys.served.set(KEYS_URI, [RSA, { kty: 'RSA', kid: 'r2', n: 'AQAB', e: 'AQAB' }]);
    expect(await accepted(remote('r2', 'j-2'))).to.equal('remote');
    expect(keys.asked.slice(1)).to.deep.equal([{ uri: KEYS_URI, fresh: false }, { uri: KEYS_URI, fresh: true }]);
    // Without a kid the cached set is all there is: no fresh fetch.
    expect(await accepted(presented(fakeJws({ alg: 'RS256' }, claims({ iss: 'remote', sub: 'remote', jti: 'j-3' }), 'nothing')))).to.equal(null);
    expect(keys.asked.slice(3)).to.deep.equal([{ uri: KEYS_URI, fresh: false }]);
  });

  it('a kid that is no string is refused before any key is fetched; without a kid no key fitting the algorithm means no fresh fetch', async () => {
    expect(await accepted(presented(fakeJws({ alg: 'RS256', kid: 7 }, claims({ iss: 'remote', sub: 'remote' }), 'r1')))).to.equal(null);
    expect(keys.asked).to.deep.equal([]);
    expect(await accepted(presented(fakeJws({ alg: 'ES256' }, claims({ iss: 'remote', sub: 'remote' }), 'r1')))).to.equal(null);
    expect(keys.asked).to.deep.equal([{ uri: KEYS_URI, fresh: false }]);
  });

  it('a key URI that cannot be fetched authenticates nobody', async () => {
    keys.served.clear();
    expect(await accepted(presented(fakeJws({ alg: 'RS256', kid: 'r1' }, claims({ iss: 'remote', sub: 'remote' }), 'r1')))).to.equal(null);
    expect(keys.asked).to.deep.equal([{ uri: KEYS_URI, fresh: false }, { uri: KEYS_URI, fresh: true }]);
  });

  it('claimedClient: iss when it is sub (and client_id when sent), else null; unreadable assertions are null', () => {
    expect(verify.claimedClient(signed())).to.equal('svc');
    expect(verify.claimedClient({ ...signed(), clientId: 'svc' })).to.equal('svc');
    expect(verify.claimedClient({ ...signed(), clientId: 'other' })).to.equal(null);
    expect(verify.claimedClient(signed({ sub: 'x' }))).to.equal(null);
    expect(verify.claimedClient(signed({ iss: '', sub: '' }))).to.equal(null);
    expect(verify.claimedClient(signed({ iss: 7, sub: 7 }))).to.equal(null);
    expect(verify.claimedClient(presented('not a jws'))).to.equal(null);
  });
});
