import { expect } from 'chai';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { KeyFetchError, TokenMissingError, createTokenMiddleware, createVerifier, currentUserOf, type RevocationFeedAnswer } from '../../../src/index';
import { createTestIssuer } from '../../../src/testing';
import { FixedClock } from '../../support/FixedClock';
import { ManualScheduler } from '../../support/ManualScheduler';
import { RecordingLogger } from '../../support/RecordingLogger';
import { rejection } from '../../support/refusals';

describe('createVerifier: the framework-free way in', () => {
  const issuer = createTestIssuer();

  it('reads a blank value as no token, a bare token as a bearer token, and any other scheme as no bearer token', async () => {
    const verifier = createVerifier(issuer.verifierOptions());
    await verifier.start();
    for (const missing of [undefined, '', '   ', `Basic ${issuer.sign()}`]) {
      expect(await rejection(verifier.verify(missing)), String(missing)).to.be.instanceOf(TokenMissingError);
    }
    const token = issuer.sign({ account: 'dora' });
    expect((await verifier.verify(`  ${token}  `)).account).to.equal('dora');
    expect((await verifier.verify(`bearer\t${token}`)).account).to.equal('dora');
  });

  it('reports health UP only with a fresh key and a revocation feed that is not stale; DOWN otherwise', async () => {
    const clock = new FixedClock(new Date());
    let feed: RevocationFeedAnswer | Error = { kind: 'entries', entries: { subjects: [], tokens: [] }, etag: null };
    const options = issuer.verifierOptions();
    const verifier = createVerifier({
      ...options,
      clock,
      revocationMaxStaleSeconds: 60,
      sources: {
        ...options.sources,
        revocationFeed: {
          fetch: async () => {
            if (feed instanceof Error) throw feed;
            return feed;
          },
        },
      },
    });
    expect(verifier.health().status).to.equal('DOWN');
    await verifier.start();
    const health = verifier.health();
    expect(health.status).to.equal('UP');
    expect(health.keys).to.include({ hasKey: true, kid: issuer.kid });
    expect(health.revocationFeed).to.include({ stale: false, lastOutcome: 'replaced' });
    feed = new KeyFetchError('down');
    clock.advanceSeconds(61);
    await verifier.revocationFeed.refresh();
    expect(verifier.health().status).to.equal('DOWN');
    expect(verifier.health().keys.hasKey).to.equal(true);
    expect(verifier.options.revocationMaxStaleSeconds).to.equal(60);
    expect(verifier.stack.provider).to.equal(verifier.provider);
    await verifier.stop();
  });

  it('uses the host’s logger, clock and schedule and tells it each fetch’s outcome', async () => {
    const logger = new RecordingLogger();
    const scheduler = new ManualScheduler();
    const keyOutcomes: string[] = [];
    const feedOutcomes: string[] = [];
    const verifier = createVerifier({
      ...issuer.verifierOptions(),
      logger,
      scheduler,
      onRefresh: (outcome) => keyOutcomes.push(outcome),
      onRevocationFeedFetch: (outcome) => feedOutcomes.push(outcome),
    });
    await verifier.start();
    expect(scheduler.running).to.equal(true);
    await scheduler.tick();
    expect(keyOutcomes).to.deep.equal(['replaced', 'unchanged']);
    expect(feedOutcomes).to.deep.equal(['absent', 'absent']);
    expect(logger.at('info').map((line) => line.message)).to.include('verification key updated');
    await verifier.stop();
    expect(scheduler.running).to.equal(false);
  });
});

describe('createTokenMiddleware: the plain express way in', () => {
  const issuer = createTestIssuer();
  let guard: ReturnType<typeof createTokenMiddleware>;
  let app: express.Express;

  // Built per test, not when the file loads: the mutation run counts what runs at load as "static".
  beforeEach(async () => {
    guard = createTokenMiddleware({ ...issuer.verifierOptions(), passList: ['/health', '/docs/**'] });
    app = express();
    app.use(guard.middleware);
    app.all('*', (_req, res) => {
      res.json({ user: currentUserOf(res)?.account ?? null });
    });
    await guard.start();
  });
  afterEach(() => guard.stop());

  it('passes CORS preflights and pass-list paths without a token, with no user', async () => {
    expect((await request(app).options('/orders').timeout(2000).expect(200)).body).to.deep.equal({ user: null });
    expect((await request(app).get('/health').timeout(2000).expect(200)).body).to.deep.equal({ user: null });
    expect((await request(app).get('/docs/a/b').timeout(2000).expect(200)).body).to.deep.equal({ user: null });
  });

  it('leaves the verified user for the handler, and answers token errors itself', async () => {
    expect((await request(app).get('/orders').timeout(2000).set('Authorization', `Bearer ${issuer.sign({ account: 'erin' })}`).expect(200)).body).to.deep.equal({ user: 'erin' });
    const refused = await request(app).get('/orders').timeout(2000).expect(401);
    expect(refused.headers['www-authenticate']).to.equal('Bearer');
    expect(refused.body).to.deep.equal({ error: 'invalid_request', code: 'TOKEN_MISSING', message: 'no bearer token' });
    expect(guard.provider).to.equal(guard.verifier.provider);
  });

  it('refetches once for a token with an unknown kid, then decides (asynchronously)', async () => {
    const known = await request(app).get('/orders').timeout(2000).set('Authorization', `Bearer ${issuer.sign({ account: 'fay' }, { kid: 'rotated-in' })}`).expect(401);
    expect(known.body.code).to.equal('TOKEN_INVALID');
    expect(guard.provider.state().unknownKidRefetches).to.equal(1);
  });

  it('hands errors that are not token errors to the app’s error handler', async () => {
    const failing = createTokenMiddleware({ ...issuer.verifierOptions(), onError: () => expect.fail('not a token error') });
    failing.verifier.stack.getCurrentUser.verifiedTokenRefreshingKeys = () => {
      throw new RangeError('a bug');
    };
    const seen: unknown[] = [];
    const broken = express()
      .use(failing.middleware)
      .use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
        seen.push(error);
        res.status(500).end();
      });
    await request(broken).get('/x').timeout(2000).expect(500);
    expect(seen[0]).to.be.instanceOf(RangeError);
  });

  it('hands a token error of an asynchronous check to onError with the request', async () => {
    const errors: string[] = [];
    const own = createTokenMiddleware({
      ...issuer.verifierOptions(),
      onError: (error, req, res) => {
        errors.push(`${error.code} ${req.path}`);
        res.status(418).end();
      },
    });
    await own.start();
    const ownApp = express().use(own.middleware);
    await request(ownApp).get('/tea').timeout(2000).set('Authorization', `Bearer ${issuer.sign({}, { kid: 'unknown' })}`).expect(418);
    // (The repository's OpenAPI response check may ask the app for /v3/api-docs too: only /tea is ours.)
    expect(errors.filter((line) => line.endsWith(' /tea'))).to.deep.equal(['TOKEN_INVALID /tea']);
    await own.stop();
  });
});
