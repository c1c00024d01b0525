import { expect } from 'chai';
import request from 'supertest';
import { tally, type Answer } from '../../support/attemptLimits';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { basic } from '../../support/oauthTestHttp';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';

const GUESSES = 40;
const LIMIT = 10;
const THROTTLED = { error: 'temporarily_unavailable', error_description: 'too many wrong client secrets' };

/**
 * The introspection endpoint checks client secrets under the same limits as
 * every other secret check (test/integration/clientSecretLimits.test.ts does
 * the others): counted per address and per client id on the shared store,
 * across instances, no oracle once over the limit.
 */
describe('POST /auth/oauth/introspect: client secret limits across two instances', function () {
  this.timeout(120_000);
  let database: SharedDatabase;
  let instances: AuthServer[];

  before(async () => {
    database = await STORE_BACKENDS[0].create();
    const config = () => authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_TRUST_PROXY: '1', AUTH_CLIENTS: 'gateway:g-secret', AUTH_LOGIN_MAX_ATTEMPTS: String(LIMIT) });
    // Sequentially: the first start creates the schema.
    instances = [await buildAuthServer(config())];
    instances.push(await buildAuthServer(config()));
  });

  after(async () => {
    await Promise.all((instances ?? []).map((auth) => auth.close()));
    await database?.dispose();
  });

  const probe = async (auth: AuthServer, secret: string, address: string, post = false): Promise<Answer> => {
    const sent = request(auth.server).post('/auth/oauth/introspect').set('X-Forwarded-For', address).type('form');
    const res = post ? await sent.send({ token: 'x.y.z', client_id: 'gateway', client_secret: secret }) : await sent.set('Authorization', basic('gateway', secret)).send({ token: 'x.y.z' });
    return { status: res.status, retryAfter: res.headers['retry-after'] ?? null, body: res.body };
  };

  it('evaluates wrong secrets from a fresh address (401) and serves the right one below the limit', async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < 3; i++) expect((await probe(instances[i % 2], `wrong${i}`, address, i === 1)).status).to.equal(401);
    for (let i = 0; i < LIMIT + 2; i++) {
      const answer = await probe(instances[i % 2], 'g-secret', address, i % 3 === 0);
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({ active: false });
    }
  });

  it(`${GUESSES} parallel wrong secrets from one address over two instances evaluate at most ${LIMIT}; then the right secret from a fresh address is refused alike`, async () => {
    const attacker = '203.0.113.20';
    const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => probe(instances[i % 2], `guess${i}`, attacker, i % 2 === 0)));
    const { evaluated, refused } = tally(answers, THROTTLED);
    expect(evaluated).to.be.within(1, LIMIT);
    expect(refused).to.equal(GUESSES - evaluated);
    expect(tally([await probe(instances[0], 'g-secret', '192.0.2.20')], THROTTLED).refused).to.equal(1);
    expect((await probe(instances[1], 'g-secret', attacker)).status).to.equal(429);
    // The client's own address, where the right secret worked before, keeps its own allowance.
    expect((await probe(instances[1], 'g-secret', '198.51.100.20')).status).to.equal(200);
  });
});
