import { expect } from 'chai';
import { addUsers, fetchLogin, tally, THROTTLED_LOGIN } from '../support/attemptLimits';
import { AuthProcess, originOf, type LogLine } from '../support/authProcess';
import { loopbackAddress, loopbackRequest } from '../support/loopbackRequest';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const GUESSES = 60;
const LIMIT = 10;
/** Login capacity above GUESSES in every process: the shared limits, not the busy refusal, must stop the guesses. */
const ROOM_FOR_ALL = String(GUESSES);
const listening = (line: LogLine) => line.msg === 'auth service listening';

/** Pids that answered a login (the request log line of each worker). */
function loginPids(processes: readonly AuthProcess[]): Set<unknown> {
  return new Set(processes.flatMap((p) => p.lines.filter((l) => l.msg === 'request completed' && JSON.stringify(l).includes('/oauth/jwt/token')).map((l) => l.pid)));
}

async function guessInParallel(origins: readonly string[]): Promise<number> {
  // All from 127.0.0.1 (no trusted proxy): one address, one account, spread over the origins.
  const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => fetchLogin(origins[i % origins.length], 'victim', `guess ${i}`)));
  const { evaluated, refused } = tally(answers, THROTTLED_LOGIN);
  expect(refused, 'every guess not evaluated was refused by the shared limit').to.equal(GUESSES - evaluated);
  return evaluated;
}

for (const backend of STORE_BACKENDS) {
  describe(`login limits shared by two workers of one instance (AUTH_WORKERS=2) on ${backend.name}`, function () {
    this.timeout(180_000);
    let database: SharedDatabase;
    let auth: AuthProcess;

    before(async () => {
      database = await backend.create();
      await addUsers(database.url, [{ account: 'victim', password: 'right password' }]);
      auth = AuthProcess.start({ AUTH_WORKERS: '2', AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database', AUTH_HASH_QUEUE: ROOM_FOR_ALL });
      await auth.waitForLog(listening, 2);
    });

    after(async () => {
      await auth.stop();
      await database.dispose();
    });

    it(`evaluates at most ${LIMIT} of ${GUESSES} parallel wrong guesses, whichever worker answers`, async () => {
      const [first] = await auth.waitForLog(listening);
      expect(await guessInParallel([originOf(first.port as number)])).to.be.within(1, LIMIT);
      expect(loginPids([auth]).size, 'both workers answered logins').to.equal(2);
    });
  });
}

describe('login limits shared by two instances on one PostgreSQL database', function () {
  this.timeout(180_000);
  let database: SharedDatabase;
  let instances: AuthProcess[] = [];

  before(async () => {
    database = await STORE_BACKENDS[1].create();
    await addUsers(database.url, [
      { account: 'victim', password: 'right password' },
      { account: 'owner', password: 'right password' },
    ]);
    instances = [0, 1].map(() => AuthProcess.start({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database', AUTH_HASH_QUEUE: ROOM_FOR_ALL }));
  });

  after(async () => {
    await Promise.all(instances.map((p) => p.stop()));
    await database.dispose();
  });

  it(`evaluates at most ${LIMIT} of ${GUESSES} parallel wrong guesses sent to both`, async () => {
    const origins = (await Promise.all(instances.map((p) => p.port()))).map(originOf);
    expect(await guessInParallel(origins)).to.be.within(1, LIMIT);
    expect(loginPids(instances).size, 'both instances answered logins').to.equal(2);
  });

  it('remembers across instances where an account logged in: its owner there still logs in while the account is over its limit, a fresh address gets 429', async () => {
    const ports = await Promise.all(instances.map((p) => p.port()));
    const login = (instance: number, from: string, password: string) =>
      loopbackRequest({ port: ports[instance], from, path: '/auth/oauth/jwt/token', json: { username: 'owner', password } });
    expect((await login(0, '127.0.0.5', 'right password')).status, 'the owner at home, on the first instance').to.equal(200);
    const guesses = await Promise.all(Array.from({ length: 30 }, (_, i) => login(i % 2, loopbackAddress(i), `guess ${i}`)));
    expect(guesses.filter((answer) => answer.status === 401).length, 'evaluated').to.be.within(1, LIMIT);

    const fresh = await login(1, loopbackAddress(100), 'right password');
    expect(fresh.status, 'the right password from a fresh address: refused unevaluated').to.equal(429);
    expect(JSON.parse(fresh.body)).to.deep.equal(THROTTLED_LOGIN);
    expect((await login(1, '127.0.0.5', 'right password')).status, 'the owner at home, on the other instance').to.equal(200);
  });
});
