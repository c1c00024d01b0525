import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { addUsers, tally, THROTTLED_KEY, THROTTLED_LOGIN, type Answer } from '../support/attemptLimits';
import { authTestConfig } from '../support/authTestServer';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';
import { fastPasswordHashing } from '../support/fastPasswordHashing';

const GUESSES = 60;
const LIMIT = 10;

for (const backend of STORE_BACKENDS) {
  describe(`attempt limits on ${backend.name}, with the database user store`, function () {
    this.timeout(120_000);

    let database: SharedDatabase;
    let auth: AuthServer;

    before(async () => {
      database = await backend.create();
      await addUsers(database.url, [{ account: 'victim', password: 'right password' }]);
      // The login capacity (hashes at once + queue) is set above GUESSES: the limits, not the busy refusal, must stop them.
      const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database', AUTH_TRUST_PROXY: '1', AUTH_CLIENTS: 'orders:s3cret', AUTH_HASH_QUEUE: '100' });
      auth = await buildAuthServer(config, { configure: fastPasswordHashing(config) });
    });

    after(async () => {
      await auth.close();
      await database.dispose();
    });

    async function login(username: string, password: string, address: string): Promise<Answer> {
      const res = await request(auth.server).post('/auth/oauth/jwt/token').set('X-Forwarded-For', address).send({ username, password });
      return { status: res.status, retryAfter: res.headers['retry-after'] ?? null, body: res.body };
    }

    async function key(secret: string, address: string): Promise<Answer> {
      const res = await request(auth.server).get(`/auth/client/user/secret/key?appId=orders&appSecret=${secret}`).set('X-Forwarded-For', address);
      return { status: res.status, retryAfter: res.headers['retry-after'] ?? null, body: res.body };
    }

    it(`evaluates at most ${LIMIT} of ${GUESSES} parallel wrong guesses against one account`, async () => {
      const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => login('victim', `guess ${i}`, '203.0.113.7')));
      const { evaluated } = tally(answers, THROTTLED_LOGIN);
      expect(evaluated).to.be.within(1, LIMIT);
      // Guesses the hashing gate turned away (503) were given back: finish the count one guess at a time.
      let total = evaluated;
      for (let i = 0; i < LIMIT; i++) {
        const status = (await login('victim', `late guess ${i}`, `203.0.113.${100 + i}`)).status;
        if (status === 429) break;
        expect(status).to.equal(401);
        total++;
      }
      expect(total, 'wrong guesses evaluated in all').to.be.at.most(LIMIT);
      // The account is locked for the window, whatever the address.
      expect((await login('Victim', 'right password', '198.51.100.1')).status).to.equal(429);
    });

    it(`evaluates at most ${LIMIT} of ${GUESSES} parallel guesses against ${GUESSES} accounts from one address`, async () => {
      const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => login(`account${i}`, 'guess', '203.0.113.8')));
      const { evaluated, refused } = tally(answers, THROTTLED_LOGIN);
      expect(evaluated).to.be.within(1, LIMIT);
      expect(refused, 'refused by the per-address limit').to.equal(GUESSES - evaluated);
    });

    it(`refuses wrong appSecrets at the key endpoint past ${LIMIT} per address, then every secret from fresh addresses; the client's own address is still served`, async () => {
      expect((await key('s3cret', '198.51.100.2')).status, 'the client at its usual address').to.equal(200);
      const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => key(`wrong${i}`, '203.0.113.9')));
      const { evaluated } = tally(answers, THROTTLED_KEY);
      expect(evaluated).to.be.within(1, LIMIT);

      expect((await key('s3cret', '203.0.113.9')).status, 'right secret from the address over its limit').to.equal(429);
      // The appId is over its limit too: every secret from a fresh address is refused unchecked, the right one
      // included (no oracle); the address where the right secret worked keeps its own allowance.
      expect((await key('wrong', '198.51.100.3')).body).to.deep.equal(THROTTLED_KEY);
      expect((await key('s3cret', '198.51.100.4')).body, 'right secret from a fresh address').to.deep.equal(THROTTLED_KEY);
      expect((await key('s3cret', '198.51.100.2')).status, 'right secret from the client\'s usual address').to.equal(200);
    });

    it('gives a successful login back: the right password from a fresh address logs in many times in a row', async () => {
      await addUsers(database.url, [{ account: 'owner', password: 'right password' }]);
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 5; i++) statuses.push((await login('owner', 'right password', '192.0.2.44')).status);
      expect(statuses.filter((status) => status !== 200)).to.deep.equal([]);
    });
  });
}
