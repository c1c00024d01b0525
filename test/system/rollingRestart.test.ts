import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { AuthProcess } from '../support/authProcess';
import { freePort } from '../support/freePort';
import { NginxProxy, nginxBinary } from '../support/nginxProxy';
import { PostgresDatabase } from '../support/postgresDatabase';

/** The built entry point, exactly what `npm start` runs (npm test builds first). */
const AUTH_ENTRY = join(__dirname, '..', '..', 'src/interfaces/composition/authServer.ts');
const LOGIN_BODY = JSON.stringify({ username: 'admin', password: 'any' });
/** Parallel clients, each logging in and calling a protected route in turn, all the time. */
const CLIENTS = 6;
/** deploy/nginx.conf's fail_timeout for each instance. */
const FAIL_TIMEOUT_MS = Number(/fail_timeout=(\d+)s/.exec(readFileSync(join(__dirname, '..', '..', 'deploy/nginx.conf'), 'utf8'))?.[1] ?? NaN) * 1000;

interface Answer {
  readonly status: number;
  readonly body: string;
}

function send(agent: Agent, port: number, path: string, init: { body?: string; token?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (init.body) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const req = request({ host: '127.0.0.1', port, path, agent, method: init.body ? 'POST' : 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

async function untilReady(auth: AuthProcess, port: number, agent: Agent): Promise<void> {
  for (;;) {
    if (auth.child.exitCode !== null) throw new Error(`auth instance exited: ${auth.stderr}`);
    const answer = await send(agent, port, '/auth/actuator/health/readiness').catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('rolling restart of two instances behind nginx (PostgreSQL, built entry point)', function () {
  this.timeout(180_000);

  const nginx = nginxBinary();
  let database: PostgresDatabase;
  let proxy: NginxProxy | undefined;
  const ports: number[] = [];
  const instances: AuthProcess[] = [];
  const direct = new Agent({ keepAlive: false });
  // Like a browser or service in front of nginx: reused connections.
  const clients = new Agent({ keepAlive: true, maxSockets: CLIENTS });

  const startInstance = (i: number) =>
    AuthProcess.start(
      {
        PORT: String(ports[i]),
        AUTH_DATABASE_URL: database.url,
        AUTH_ISSUER: 'http://auth.test/auth',
        AUTH_CLIENTS: 'demo:one-shared-secret',
        AUTH_LOGIN_MAX_ATTEMPTS: '100000',
        AUTH_SHUTDOWN_GRACE_MS: '2000',
        LOG_LEVEL: 'warn',
      },
      AUTH_ENTRY,
    );

  before(async function () {
    if (!nginx) {
      console.log('      skipped: nginx is not installed (Debian: apt-get install -y nginx; .ci/run installs it)');
      this.skip();
    }
    database = await PostgresDatabase.create();
    ports.push(await freePort(), await freePort());
    // One after the other: the first creates the schema and the signing key, as in a deployment.
    for (const i of [0, 1]) {
      instances[i] = startInstance(i);
      await untilReady(instances[i], ports[i], direct);
    }
    proxy = await NginxProxy.start(nginx as string, await freePort(), [ports[0], ports[1]]);
  });

  after(async () => {
    clients.destroy();
    await proxy?.stop();
    for (const instance of instances) await instance?.stop('SIGKILL');
    await database?.drop();
  });

  /** One client's request(s) through nginx: null when answered as expected, else what went wrong. */
  type Step = (port: number) => Promise<string | null>;

  /** Runs CLIENTS clients repeating `step` while each instance is restarted in turn (SIGTERM, then a new one). */
  async function restartEachUnder(step: Step): Promise<{ requests: number; failures: string[]; exits: Array<number | null> }> {
    const port = (proxy as NginxProxy).port;
    const failures: string[] = [];
    let requests = 0;
    let running = true;
    const client = async () => {
      while (running) {
        requests++;
        const failure = await step(port).catch((error: unknown) => `network: ${error instanceof Error ? error.message : String(error)}`);
        if (failure) failures.push(failure);
      }
    };
    const load = Array.from({ length: CLIENTS }, client);

    const exits: Array<number | null> = [];
    for (const i of [0, 1]) {
      // As an operator's rolling restart would: an instance stops only once the balancer can use the
      // one restarted before it. nginx took that one out (max_fails=1) when a request found its port
      // closed, and tries it again fail_timeout after that last failure, which came before it was
      // ready; on a busy machine its start alone takes seconds.
      await new Promise((resolve) => setTimeout(resolve, FAIL_TIMEOUT_MS + 500));
      const signalled = performance.now();
      const exit = await instances[i].stop('SIGTERM');
      exits.push(exit.code);
      expect(performance.now() - signalled, `instance ${i} exits within 10 s`).to.be.below(10_000);
      instances[i] = startInstance(i);
      await untilReady(instances[i], ports[i], direct);
    }
    // Let nginx take the last restarted instance back (fail_timeout) under load.
    await new Promise((resolve) => setTimeout(resolve, FAIL_TIMEOUT_MS + 500));
    running = false;
    await Promise.all(load);
    return { requests, failures, exits };
  }

  async function login(port: number): Promise<{ failure: string | null; token?: string }> {
    const answer = await send(clients, port, '/auth/oauth/jwt/token', { body: LOGIN_BODY });
    if (answer.status !== 200) return { failure: `login ${answer.status} ${answer.body}` };
    return { failure: null, token: (JSON.parse(answer.body) as { data: { access_token: string } }).data.access_token };
  }

  function expectNothingLost(run: { requests: number; failures: string[]; exits: Array<number | null> }, what: string): void {
    console.log(`      ${run.requests} ${what} through nginx during two restarts, ${run.failures.length} failed`);
    expect(FAIL_TIMEOUT_MS, 'fail_timeout read from deploy/nginx.conf').to.be.greaterThan(0);
    expect(run.exits).to.deep.equal([0, 0]);
    expect(run.failures, (proxy as NginxProxy).errorLog()).to.deep.equal([]);
    expect(run.requests).to.be.greaterThan(100);
  }

  it('answers every login and protected GET while each instance is restarted in turn (zero failed requests)', async () => {
    const run = await restartEachUnder(async (port) => {
      const { failure, token } = await login(port);
      if (failure) return failure;
      const user = await send(clients, port, '/auth/current/user/details', { token });
      return user.status === 200 ? null : `GET ${user.status} ${user.body}`;
    });
    expectNothingLost(run, 'login + GET rounds');
  });

  it('answers every login when logins are all the traffic (POST only: the token endpoints are re-sent by nginx)', async () => {
    expectNothingLost(await restartEachUnder(async (port) => (await login(port)).failure), 'logins');
  });
});
