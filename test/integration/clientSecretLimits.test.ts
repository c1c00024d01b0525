import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { tally, THROTTLED_KEY, type Answer } from '../support/attemptLimits';
import { authTestConfig } from '../support/authTestServer';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const GUESSES = 60;
const LIMIT = 10;
/** One client per endpoint, so each test starts with a fresh per-client count. */
const CLIENTS = 'keys:k-secret,feed:f-secret,token:t-secret,revoke:r-secret';
const THROTTLED_TOKEN = { error: 'temporarily_unavailable', error_description: 'too many wrong client secrets' };

type Probe = (auth: AuthServer, appId: string, secret: string, address: string) => Promise<Answer>;

const basic = (appId: string, secret: string) => 'Basic ' + Buffer.from(`${appId}:${secret}`).toString('base64');
const answerOf = (res: request.Response): Answer => ({ status: res.status, retryAfter: res.headers['retry-after'] ?? null, body: res.body });

const ENDPOINTS: ReadonlyArray<{ name: string; appId: string; throttled: unknown; probe: Probe }> = [
  {
    name: 'GET /auth/client/user/secret/keys',
    appId: 'keys',
    throttled: THROTTLED_KEY,
    probe: async (auth, appId, secret, address) =>
      answerOf(await request(auth.server).get('/auth/client/user/secret/keys').query({ appId, appSecret: secret }).set('X-Forwarded-For', address)),
  },
  {
    name: 'GET /auth/client/revocations',
    appId: 'feed',
    throttled: THROTTLED_KEY,
    probe: async (auth, appId, secret, address) =>
      answerOf(await request(auth.server).get('/auth/client/revocations').query({ appId, appSecret: secret }).set('X-Forwarded-For', address)),
  },
  {
    name: 'POST /auth/oauth/token (client_credentials)',
    appId: 'token',
    throttled: THROTTLED_TOKEN,
    probe: async (auth, appId, secret, address) =>
      answerOf(
        await request(auth.server)
          .post('/auth/oauth/token')
          .set('Authorization', basic(appId, secret))
          .set('X-Forwarded-For', address)
          .type('form')
          .send({ grant_type: 'client_credentials' }),
      ),
  },
  {
    name: 'POST /auth/oauth/revoke',
    appId: 'revoke',
    // RFC 6749 §5.2 JSON, the token endpoint's answer.
    throttled: THROTTLED_TOKEN,
    probe: async (auth, appId, secret, address) =>
      answerOf(
        await request(auth.server).post('/auth/oauth/revoke').set('Authorization', basic(appId, secret)).set('X-Forwarded-For', address).type('form').send({ token: 'x.y.z' }),
      ),
  },
];

for (const backend of STORE_BACKENDS) {
  describe(`client secret limits on ${backend.name}: every endpoint that checks a client secret`, function () {
    this.timeout(120_000);

    let database: SharedDatabase;
    let instances: AuthServer[];

    before(async () => {
      database = await backend.create();
      const config = () =>
        authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_TRUST_PROXY: '1', AUTH_CLIENTS: CLIENTS, AUTH_LOGIN_MAX_ATTEMPTS: String(LIMIT) });
      // Sequentially: the first start creates the schema.
      instances = [await buildAuthServer(config())];
      instances.push(await buildAuthServer(config()));
    });

    after(async () => {
      await Promise.all((instances ?? []).map((auth) => auth.close()));
      await database?.dispose();
    });

    ENDPOINTS.forEach(({ name, appId, throttled, probe }, index) => {
      const attacker = `203.0.113.${10 + index}`;

      it(`${name}: the right secret works below the limit, wrong ones from a fresh address are evaluated`, async () => {
        const address = `198.51.100.${10 + index}`;
        for (let i = 0; i < 3; i++) expect((await probe(instances[0], appId, `wrong${i}`, address)).status).to.equal(401);
        for (let i = 0; i < LIMIT + 2; i++) expect((await probe(instances[i % 2], appId, `${appId[0]}-secret`, address)).status).to.equal(200);
      });

      it(`${name}: ${GUESSES} parallel wrong secrets from one address, spread over two instances, evaluate at most ${LIMIT}`, async () => {
        const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => probe(instances[i % 2], appId, `guess${i}`, attacker)));
        const { evaluated, refused } = tally(answers, throttled);
        expect(evaluated).to.be.within(1, LIMIT);
        expect(refused).to.equal(GUESSES - evaluated);
        // The appId is over its limit now: the right secret from a fresh address gets the same refusal as a wrong
        // one (no oracle), and so does the attacker's address; the client's own address, where the right secret
        // worked before (the test above), keeps its own allowance and is served on either instance.
        expect(tally([await probe(instances[0], appId, `${appId[0]}-secret`, '192.0.2.77')], throttled).refused).to.equal(1);
        expect((await probe(instances[1], appId, `${appId[0]}-secret`, attacker)).status).to.equal(429);
        expect((await probe(instances[1], appId, `${appId[0]}-secret`, `198.51.100.${10 + index}`)).status).to.equal(200);
        expect((await probe(instances[0], appId, `${appId[0]}-secret`, `198.51.100.${10 + index}`)).status).to.equal(200);
      });
    });

    it('POST /auth/oauth/revoke: malformed requests count against the address too', async () => {
      const address = '203.0.113.99';
      const revoke = (auth: AuthServer, body: Record<string, string>) =>
        request(auth.server).post('/auth/oauth/revoke').set('Authorization', basic('revoke', 'r-secret')).set('X-Forwarded-For', address).type('form').send(body);
      for (let i = 0; i < LIMIT; i++) expect((await revoke(instances[i % 2], {})).status).to.equal(400);
      const refused = answerOf(await revoke(instances[0], { token: 'x.y.z' }));
      expect(tally([refused], THROTTLED_TOKEN).refused).to.equal(1);
    });
  });
}
