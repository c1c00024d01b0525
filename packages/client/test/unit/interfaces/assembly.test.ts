import 'reflect-metadata';
import { expect } from 'chai';
import { Container } from 'inversify';
import { KeyUnavailableError, RevocationList, TokenExpiredError, TokenInvalidError, TokenMissingError, TokenRevokedError, buildTokenVerifier, createTokenMiddleware, createVerifier, type JsonWebKeySetResponse, type Scheduler } from '../../../src/index';
import { CronRefreshScheduler } from '../../../src/infrastructure/scheduling/CronRefreshScheduler';
import { CLIENT_TYPES, clientModule } from '../../../src/inversify';
import { createTestIssuer } from '../../../src/testing';
import { FakeKeySource } from '../../support/FakeKeySource';
import { FixedClock } from '../../support/FixedClock';
import { RecordingLogger } from '../../support/RecordingLogger';
import { ScriptedHttpServer } from '../../support/ScriptedHttpServer';
import { signingKey, signToken, stubClaims } from '../../support/testKeys';
import { errorOf, rejection } from '../../support/refusals';

describe('buildTokenVerifier: the one verifier stack', () => {
  const ec = signingKey('ec');
  const START = new Date('2026-01-01T00:00:00Z');
  const T0 = START.getTime() / 1000;
  const ISSUER = 'https://auth.example';
  let keys: FakeKeySource;
  let clock: FixedClock;

  beforeEach(() => {
    keys = new FakeKeySource();
    keys.activate({ kid: ec.kid, method: 'ecdsa', algorithms: ['ES256'], material: ec.publicKey });
    clock = new FixedClock(START);
  });

  const settings = { issuer: ISSUER, clockToleranceSeconds: 5, maxTokenLifetimeSeconds: 3600 };
  const token = (overrides: Record<string, unknown> = {}) => signToken(ec, { ...stubClaims({ iss: ISSUER }, T0), exp: T0 + 60, ...overrides });

  it('checks the issuer, the lifetime and the tolerance it is given', () => {
    const verifier = buildTokenVerifier(keys, clock, { ...settings, verifiedTokenCacheSize: 10 });
    expect(errorOf(() => verifier.verify(token({ iss: 'https://evil.example' })))).to.be.instanceOf(TokenInvalidError);
    expect(errorOf(() => verifier.verify(token({ exp: T0 + 3606 })))).to.be.instanceOf(TokenInvalidError);
    const good = token();
    verifier.verify(good);
    clock.advanceSeconds(64);
    expect(verifier.verify(good).exp).to.equal(T0 + 60);
    clock.advanceSeconds(1);
    expect(errorOf(() => verifier.verify(good))).to.be.instanceOf(TokenExpiredError);
  });

  /** A client_credentials token: the client's id as sub and client_id, no user claim. */
  const clientToken = (overrides: Record<string, unknown> = {}) =>
    signToken(ec, { sub: 'orders', client_id: 'orders', iss: ISSUER, iat: T0, exp: T0 + 60, jti: 'c-1', ...overrides });

  it('remembers verified tokens on both checks unless the cache size is 0', () => {
    const cached = buildTokenVerifier(keys, clock, { ...settings, verifiedTokenCacheSize: 10 });
    const good = token();
    expect(cached.verify(good)).to.equal(cached.verify(good));
    expect(cached.verifyAccessToken(good)).to.equal(cached.verifyAccessToken(good));
    const client = clientToken();
    expect(cached.verifyAccessToken(client)).to.equal(cached.verifyAccessToken(client));
    const uncached = buildTokenVerifier(keys, clock, { ...settings, verifiedTokenCacheSize: 0 });
    expect(uncached.verify(good)).to.not.equal(uncached.verify(good));
    expect(uncached.verifyAccessToken(client)).to.not.equal(uncached.verifyAccessToken(client));
  });

  it('a client token remembered by verifyAccessToken is still refused by verify; a remembered one ends at its exp and with its key', () => {
    const verifier = buildTokenVerifier(keys, clock, { ...settings, verifiedTokenCacheSize: 10 });
    const client = clientToken();
    verifier.verifyAccessToken(client);
    expect(errorOf(() => verifier.verify(client))).to.be.instanceOf(TokenInvalidError);
    keys.clear();
    expect(errorOf(() => verifier.verifyAccessToken(client)), 'its key is gone').to.be.instanceOf(KeyUnavailableError);
    keys.activate({ kid: ec.kid, method: 'ecdsa', algorithms: ['ES256'], material: ec.publicKey });
    verifier.verifyAccessToken(client);
    clock.advanceSeconds(65);
    expect(errorOf(() => verifier.verifyAccessToken(client))).to.be.instanceOf(TokenExpiredError);
  });

  it('takes a client token in verifyAccessToken only, with the same checks', () => {
    const verifier = buildTokenVerifier(keys, clock, { ...settings, verifiedTokenCacheSize: 10 });
    expect(verifier.verifyAccessToken(clientToken())).to.deep.include({ sub: 'orders', client_id: 'orders' });
    expect(errorOf(() => verifier.verify(clientToken()))).to.be.instanceOf(TokenInvalidError);
    expect(errorOf(() => verifier.verifyAccessToken(clientToken({ iss: 'https://elsewhere.example' })))).to.be.instanceOf(TokenInvalidError);
    clock.advanceSeconds(66);
    expect(errorOf(() => verifier.verifyAccessToken(clientToken()))).to.be.instanceOf(TokenExpiredError);
  });

  it('accepts any issuer when none is expected (keys that sign for one issuer alone)', () => {
    const { issuer: _ignored, ...anyIssuer } = settings;
    const verifier = buildTokenVerifier(keys, clock, { ...anyIssuer, verifiedTokenCacheSize: 0 });
    expect(verifier.verify(token({ iss: 'https://elsewhere.example' })).iss).to.equal('https://elsewhere.example');
  });

  it('refuses revoked tokens outside the cache when given revocations, on both checks', () => {
    let list = RevocationList.EMPTY;
    const verifier = buildTokenVerifier(keys, clock, { ...settings, verifiedTokenCacheSize: 10, revocations: { revocations: () => list } });
    const good = token({ jti: 'r-1' });
    const client = clientToken();
    verifier.verify(good);
    verifier.verifyAccessToken(good);
    verifier.verifyAccessToken(client);
    list = new RevocationList({ subjects: [], tokens: [{ jti: 'r-1', expiresAt: T0 + 60 }, { jti: 'c-1', expiresAt: T0 + 60 }] });
    expect(errorOf(() => verifier.verify(good))).to.be.instanceOf(TokenRevokedError);
    expect(errorOf(() => verifier.verifyAccessToken(good)), 'remembered, still refused').to.be.instanceOf(TokenRevokedError);
    expect(errorOf(() => verifier.verifyAccessToken(client)), 'remembered, still refused').to.be.instanceOf(TokenRevokedError);
  });
});

describe('createVerifier: how the stack is assembled from the options', () => {
  const issuer = createTestIssuer();
  const publishedSet = (): { response: JsonWebKeySetResponse; calls: number; fetchKeySet(): Promise<JsonWebKeySetResponse> } => ({
    response: { published: false },
    calls: 0,
    async fetchKeySet() {
      this.calls++;
      return this.response;
    },
  });

  it('refuses a token of another issuer signed with the trusted key', async () => {
    const verifier = createVerifier(issuer.verifierOptions());
    await verifier.start();
    // The trusted key, but the iss of another service.
    const otherIssuer = issuer.sign({ iss: 'https://elsewhere.example' });
    expect(await rejection(verifier.verify(otherIssuer))).to.be.instanceOf(TokenInvalidError);
  });

  it('learns the issuer from the issuer source when none is configured', async () => {
    const { issuer: _configured, ...options } = issuer.verifierOptions();
    const verifier = createVerifier(options);
    expect(verifier.health().keys.issuer).to.equal(null);
    await verifier.start();
    expect(verifier.health().keys.issuer).to.equal(issuer.issuer);
    expect((await verifier.verify(issuer.sign({ account: 'ivy' }))).account).to.equal('ivy');
  });

  it('asks the published key set only with useJwks and a set source', async () => {
    for (const [useJwks, expected] of [[true, 1], [false, 0]] as const) {
      const keySet = publishedSet();
      const options = issuer.verifierOptions();
      const verifier = createVerifier({ ...options, useJwks, sources: { ...options.sources, keySet } });
      await verifier.start();
      expect(keySet.calls, String(useJwks)).to.equal(expected);
    }
  });

  it('follows the hmac key list of its sources', async () => {
    const secret = Buffer.alloc(32, 9).toString('base64');
    const options = issuer.verifierOptions();
    const verifier = createVerifier({
      ...options,
      signMethod: 'hmac',
      sources: { ...options.sources, keyList: { fetchKeys: async () => ({ served: true, success: true, keys: [{ kid: 'h1', alg: 'HS256', key: secret }] }) } },
    });
    await verifier.start();
    expect(verifier.health().keys).to.include({ source: 'list', kid: 'h1' });
  });

  it('reads a header with blanks before another scheme as that scheme: no bearer token', async () => {
    const verifier = createVerifier(issuer.verifierOptions());
    await verifier.start();
    expect(await rejection(verifier.verify(` Basic ${issuer.sign()}`))).to.be.instanceOf(TokenMissingError);
  });

  it('reports no next refresh with the test kit’s manual schedule', async () => {
    const verifier = createVerifier(issuer.verifierOptions());
    await verifier.start();
    expect(verifier.health().keys.nextRefreshAt).to.equal(null);
  });

  it('the middleware’s start() is the verifier’s first fetch and its stop() ends the schedule', async () => {
    let running = false;
    const scheduler: Scheduler = { start: () => void (running = true), stop: async () => void (running = false), nextRunAt: () => null };
    const guard = createTokenMiddleware({ ...issuer.verifierOptions(), scheduler });
    expect(await guard.start()).to.deep.equal({ outcome: 'replaced', kid: issuer.kid });
    expect(running).to.equal(true);
    await guard.stop();
    expect(running).to.equal(false);
  });

  describe('over HTTP, without substituted sources', () => {
    const server = new ScriptedHttpServer();
    before(() => server.start());
    after(() => server.stop());

    it('fetches the key, the issuer and the revocations from the auth service', async () => {
      const key = issuer.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
      server.answer = (req, res) => {
        const answers: Record<string, [number, unknown]> = {
          '/auth/client/user/secret/key': [200, { success: true, status: 200, msg: 'ok', data: key }],
          '/auth/.well-known/openid-configuration': [200, { issuer: issuer.issuer }],
          '/auth/client/revocations': [200, { success: true, status: 200, msg: 'ok', data: { subjects: [], tokens: [] } }],
        };
        const [status, body] = answers[req.url ?? ''] ?? [404, { error: 'not_found' }];
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const logger = new RecordingLogger();
      const verifier = createVerifier({ authServerUrl: server.origin, appId: 'orders', appSecret: 'secret', logger, scheduler: { start: () => undefined, stop: async () => undefined, nextRunAt: () => null } });
      expect(await verifier.start()).to.deep.equal({ outcome: 'replaced', kid: issuer.kid });
      expect(verifier.health()).to.deep.include({ status: 'UP' });
      expect(verifier.health().revocationFeed).to.include({ offered: true, lastOutcome: 'replaced' });
      expect((await verifier.verify(issuer.sign({ account: 'jo' }))).account).to.equal('jo');
      expect(server.requests.map((request) => request.url)).to.have.members([
        '/auth/client/revocations',
        '/auth/.well-known/jwks.json',
        '/auth/client/user/secret/key',
        '/auth/.well-known/openid-configuration',
      ]);
    });
  });
});

describe('clientModule: the refresh schedule and a host’s own logger', () => {
  const issuer = createTestIssuer();

  it('binds the given schedule, else a cron schedule of refreshCron', () => {
    const given: Scheduler = { start: () => undefined, stop: async () => undefined, nextRunAt: () => null };
    const withGiven = new Container();
    withGiven.load(clientModule({ ...issuer.verifierOptions(), scheduler: given }));
    expect(withGiven.get(CLIENT_TYPES.KeyRefreshScheduler)).to.equal(given);
    const { scheduler: _scheduler, ...options } = issuer.verifierOptions();
    const withCron = new Container();
    withCron.load(clientModule(options));
    expect(withCron.get(CLIENT_TYPES.KeyRefreshScheduler)).to.be.instanceOf(CronRefreshScheduler);
  });

  it('keeps a logger the host bound first', () => {
    const hostLogger = new RecordingLogger();
    const container = new Container();
    container.bind(CLIENT_TYPES.Logger).toConstantValue(hostLogger);
    container.load(clientModule({ ...issuer.verifierOptions(), logger: new RecordingLogger() }));
    expect(container.get(CLIENT_TYPES.Logger)).to.equal(hostLogger);
  });
});
