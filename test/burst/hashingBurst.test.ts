import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { AuthProcess } from '../support/authProcess';
import { freePort } from '../support/freePort';
import { loopbackAddress, loopbackRequest, type LoopbackResponse } from '../support/loopbackRequest';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const ROOT = join(__dirname, '..', '..');
/** The built entry points, exactly what `npm start` runs (npm test builds first). */
const AUTH_ENTRY = join(ROOT, 'src/interfaces/composition/authServer.ts');
const USERS_ENTRY = join(ROOT, 'dist/src/interfaces/composition/usersCli.js');
const LOGIN = '/auth/oauth/jwt/token';
const HEALTH = '/auth/actuator/health';
const PASSWORD = 'correct horse battery staple';
const BURST = 300;
/** A lone correct login on an idle server core: one scrypt hash (N=2^15) plus signing. */
const NOMINAL_LOGIN_MS = 100;

function addUser(databaseUrl: string, account: string, password: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [USERS_ENTRY, 'add', '--account', account, '--nick', account, '--password-stdin'], {
      env: { PATH: process.env.PATH, AUTH_DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', resolve);
    child.stdin.end(`${password}\n`);
  });
}

async function untilHealthy(auth: AuthProcess, port: number): Promise<void> {
  for (;;) {
    if (auth.child.exitCode !== null) throw new Error(`auth service exited: ${auth.stderr}`);
    const answer = await loopbackRequest({ port, path: HEALTH }).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

for (const backend of STORE_BACKENDS) {
  describe(`bounded password hashing under a login burst (built entry point, ${backend.name})`, function () {
    this.timeout(120_000);

    let database: SharedDatabase;
    let auth: AuthProcess;
    let port: number;

    before(async () => {
      database = await backend.create();
      expect(await addUser(database.url, 'alice', PASSWORD)).to.equal(0);
      port = await freePort();
      auth = AuthProcess.start(
        {
          PORT: String(port),
          AUTH_DATABASE_URL: database.url,
          AUTH_USER_STORE: 'database',
          // Every burst request guesses for alice or an unknown account once, from its own address:
          // the login limits must not be what keeps the hashing cost down here.
          AUTH_LOGIN_MAX_ATTEMPTS: '10000',
          // The production cost: the burst is about what hashing at that cost does to latency.
          AUTH_PASSWORD_HASH_COST: '15',
          LOG_LEVEL: 'warn',
        },
        AUTH_ENTRY,
      );
      // At LOG_LEVEL=warn the listening line is not logged: wait for health instead.
      await untilHealthy(auth, port);
    });

    after(async () => {
      await auth?.stop('SIGKILL');
      await database?.dispose();
    });

    it(`keeps health under 250 ms (p99) and lets a correct login through within 1 s during ${BURST} concurrent wrong-password logins`, async () => {
      // A login (one scrypt hash) takes ~100 ms on an idle core and many times that on a crowded shared
      // machine. The bounds (1 s login, 250 ms health) hold as stated on a machine as fast as that, and
      // stretch by how much slower a lone correct login is here, measured before the burst.
      const baseline = await loopbackRequest({ port, path: LOGIN, from: '127.0.255.2', json: { username: 'alice', password: PASSWORD } });
      expect(baseline.status).to.equal(200);
      const slowness = Math.max(1, baseline.ms / NOMINAL_LOGIN_MS);
      const loginBudgetMs = 1_000 * slowness;
      const healthBudgetMs = 250 * slowness;

      let bursting = true;
      const health: LoopbackResponse[] = [];
      const sampling = (async () => {
        while (bursting) {
          health.push(await loopbackRequest({ port, path: HEALTH, from: '127.0.0.1' }));
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();

      const burst = Array.from({ length: BURST }, (_, i) =>
        loopbackRequest({
          port,
          path: LOGIN,
          from: loopbackAddress(i),
          // Half wrong passwords for a real account, half unknown accounts: both must cost a hash.
          json: i % 2 ? { username: 'alice', password: `guess-${i}` } : { username: `nobody-${i}`, password: `guess-${i}` },
        }),
      );
      // A real user logs in from elsewhere while the burst is being answered; a 503 (hashing busy) is retried.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const loginStarted = performance.now();
      let correct: LoopbackResponse;
      for (;;) {
        correct = await loopbackRequest({ port, path: LOGIN, from: '127.0.255.1', json: { username: 'alice', password: PASSWORD } });
        if (correct.status !== 503 || performance.now() - loginStarted > loginBudgetMs) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const loginMs = performance.now() - loginStarted;
      const answers = await Promise.all(burst);
      bursting = false;
      await sampling;

      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status !== 401 && status !== 503), 'only refusals').to.deep.equal([]);
      const busy = answers.find((answer) => answer.status === 503);
      expect(busy, 'the gate refused part of the burst').to.not.equal(undefined);
      expect(busy?.headers['retry-after']).to.equal('1');
      expect(busy?.body).to.equal(JSON.stringify({ success: false, status: 503, msg: '登录请求过多，请稍后重试', data: null }));

      expect(correct.status).to.equal(200);
      expect(loginMs, 'correct login time').to.be.below(loginBudgetMs);

      expect(health.length).to.be.greaterThan(5);
      expect(health.filter((answer) => answer.status !== 200), 'health answers other than 200').to.deep.equal([]);
      const p99 = percentile(health.map((answer) => answer.ms), 99);
      console.log(
        `      ${backend.name}: ${statuses.filter((s) => s === 401).length} hashed (401), ${statuses.filter((s) => s === 503).length} refused (503); ` +
          `correct login ${loginMs.toFixed(0)} ms (alone: ${baseline.ms.toFixed(0)} ms, bounds ×${slowness.toFixed(1)}); health ${health.length} samples, p99 ${p99.toFixed(0)} ms, max ${Math.max(...health.map((a) => a.ms)).toFixed(0)} ms`,
      );
      expect(p99, 'health p99 ms').to.be.at.most(healthBudgetMs);

      expect(auth.child.exitCode, 'still running').to.equal(null);
      expect((await loopbackRequest({ port, path: HEALTH })).status).to.equal(200);
    });
  });
}
