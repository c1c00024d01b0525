import { expect } from 'chai';
import autocannon from 'autocannon';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const LIMIT = 10;
const SECRET = 'Vq3xT9pL2mZr8KcW4nYb7HsD';
const THROTTLED = { error: 'temporarily_unavailable', error_description: 'too many wrong client secrets' };

const basic = (appId: string, secret: string) => 'Basic ' + Buffer.from(`${appId}:${secret}`).toString('base64');

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** A client_credentials request of `appId` with `secret` to the listening `origin`, as sent from `address` (behind a trusted proxy). */
async function token(origin: string, appId: string, secret: string, address: string): Promise<Answer> {
  const response = await fetch(`${origin}/auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic(appId, secret), 'x-forwarded-for': address, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return { status: response.status, body: await response.json() };
}

/** `total` requests, `concurrency` in flight at every moment (each lane sends its next one when its last is answered), on keep-alive connections. */
async function overlapping(total: number, concurrency: number, send: (i: number) => Promise<Answer>): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < total) statuses.push((await send(next++)).status);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return statuses;
}

const counts = (statuses: readonly number[]): Record<number, number> =>
  statuses.reduce<Record<number, number>>((tally, status) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }), {});

/**
 * The right client secret is never refused because its own requests overlap:
 * each burst is several times the limit, which is all the property needs. Each client below has its own appId, so every test starts with
 * fresh counts for its client; the limit is AUTH_LOGIN_MAX_ATTEMPTS = 10.
 */
for (const backend of STORE_BACKENDS) {
  describe(`the right client secret under concurrency, on ${backend.name}`, function () {
    this.timeout(120_000);

    let database: SharedDatabase;
    let instances: AuthServer[];
    /** Both instances listen: real connections, so requests really overlap in the server. */
    let origins: string[];
    const clients = ['known', 'fresh', 'guessed', 'listening'].map((appId) => `${appId}:${SECRET}`).join(',');

    before(async () => {
      database = await backend.create();
      const config = () => authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_TRUST_PROXY: '1', AUTH_CLIENTS: clients, AUTH_LOGIN_MAX_ATTEMPTS: String(LIMIT) });
      // Sequentially: the first start creates the schema.
      instances = [await buildAuthServer(config())];
      instances.push(await buildAuthServer(config()));
      origins = await Promise.all(instances.map(async (auth) => `http://127.0.0.1:${(await auth.listen(0)).port}`));
    });

    after(async () => {
      await Promise.all((instances ?? []).map((auth) => auth.close()));
      await database?.dispose();
    });

    it('an address that authenticated before: one wrong secret, then 60 requests 10 at a time and 200 50 at a time over two instances all get 200', async () => {
      const address = '198.51.100.1';
      expect((await token(origins[0], 'known', SECRET, address)).status, 'the client authenticates once').to.equal(200);
      expect((await token(origins[1], 'known', 'wrong', address)).status, 'one wrong secret').to.equal(401);

      const tenAtATime = await overlapping(6 * LIMIT, 10, (i) => token(origins[i % 2], 'known', SECRET, address));
      const fiftyAtATime = await overlapping(20 * LIMIT, 50, (i) => token(origins[i % 2], 'known', SECRET, address));

      expect(counts(tenAtATime)).to.deep.equal({ 200: 6 * LIMIT });
      expect(counts(fiftyAtATime)).to.deep.equal({ 200: 20 * LIMIT });
      // Nothing of the burst stayed counted against the client: a new address with the right secret is still evaluated.
      expect((await token(origins[0], 'known', SECRET, '198.51.100.2')).status).to.equal(200);
    });

    it('an address never seen before: one wrong secret, then 60 requests 10 at a time on one instance all get 200', async () => {
      const address = '198.51.100.3';
      expect((await token(origins[0], 'fresh', 'wrong', address)).status, 'one wrong secret').to.equal(401);

      const statuses = await overlapping(6 * LIMIT, 10, () => token(origins[0], 'fresh', SECRET, address));

      expect(counts(statuses)).to.deep.equal({ 200: 6 * LIMIT });
    });

    it("a known address's own wrong secrets still count: past its allowance they get 429, and its right secret still 200", async () => {
      const address = '198.51.100.4';
      expect((await token(origins[0], 'guessed', SECRET, address)).status).to.equal(200);

      const guesses = await overlapping(3 * LIMIT, 3 * LIMIT, (i) => token(origins[i % 2], 'guessed', `guess${i}`, address));
      const tally = counts(guesses);
      expect(tally[401], 'wrong secrets answered as wrong: at most the allowance').to.be.within(1, LIMIT);
      expect(tally[429]).to.equal(3 * LIMIT - tally[401]);

      const right = await token(origins[1], 'guessed', SECRET, address);
      const wrong = await token(origins[0], 'guessed', 'one more guess', address);
      expect(right.status, 'never refused its right secret').to.equal(200);
      expect(wrong.status).to.equal(429);
      expect(wrong.body).to.deep.equal(THROTTLED);
      // Its guessing spent its own allowance, not the client's: another address is still evaluated.
      expect((await token(origins[1], 'guessed', SECRET, '198.51.100.5')).status).to.equal(200);
    });

    it('50 connections for 2 s from an address never seen before, right after one wrong secret from it, all get 200', async () => {
      // Real connections: the address is the socket's (127.0.0.1), not a forwarded one.
      const origin = origins[0];
      const headers = { authorization: basic('listening', SECRET), 'content-type': 'application/x-www-form-urlencoded' };
      const wrong = await fetch(`${origin}/auth/oauth/token`, { method: 'POST', headers: { ...headers, authorization: basic('listening', 'wrong') }, body: 'grant_type=client_credentials' });
      expect(wrong.status, 'one wrong secret').to.equal(401);

      const result = await new Promise<autocannon.Result>((resolve, reject) =>
        autocannon({ url: `${origin}/auth/oauth/token`, method: 'POST', headers, body: 'grant_type=client_credentials', connections: 50, duration: 2 }, (error, done) =>
          error ? reject(error) : resolve(done),
        ),
      );

      console.log(`      50 connections, 2 s: ${result.requests.total} requests, ${result['2xx']} × 2xx, ${result.non2xx} other, ${result.errors} errors`);
      expect(result['2xx']).to.be.greaterThan(50);
      expect(result.non2xx).to.equal(0);
      expect(result.errors).to.equal(0);
      expect(result.timeouts).to.equal(0);
    });
  });
}
