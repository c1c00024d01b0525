import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadAuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { keysCommandOutput } from '../../src/interfaces/composition/keysCli';
import { AuthProcess } from '../support/authProcess';
import { freePort } from '../support/freePort';
import { NginxProxy, nginxBinary, UPSTREAM_HEADER } from '../support/nginxProxy';
import { PostgresDatabase } from '../support/postgresDatabase';

/** What `npm start` runs (the compiled entry when dist/ is fresh: npm test builds first). */
const AUTH_ENTRY = join(__dirname, '..', '..', 'src/interfaces/composition/authServer.ts');
const LOGIN_BODY = JSON.stringify({ username: 'admin', password: 'any' });
/** Parallel clients, each logging in, calling a protected route and fetching the key set in turn, all the time. */
const CLIENTS = 6;
/**
 * A client's pause between two rounds: steady traffic on every instance and connection (a few hundred
 * requests a second) without saturating the two cores the rest of the suite shares.
 */
const THINK_MS = 25;
/** Instances restarted one after the other (three restarts: 0, 1, 0). */
const RESTARTS = [0, 1, 0] as const;

interface Answer {
  readonly status: number;
  readonly body: string;
  /** The instance port(s) nginx sent the request to. */
  readonly upstream: string;
}

function send(agent: Agent, port: number, path: string, init: { body?: string; token?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (init.body) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const req = request({ host: '127.0.0.1', port, path, agent, method: init.body ? 'POST' : 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, upstream: String(res.headers[UPSTREAM_HEADER] ?? '') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function untilReady(auth: AuthProcess, port: number, agent: Agent): Promise<void> {
  for (;;) {
    if (auth.child.exitCode !== null) throw new Error(`auth instance exited: ${auth.stderr}`);
    const answer = await send(agent, port, '/auth/actuator/health/readiness').catch(() => null);
    if (answer?.status === 200) return;
    await pause(100);
  }
}

/** The instance port that answered: the last address nginx tried (an earlier one refused the connection). */
function answeredBy(answer: Answer): number {
  return Number(answer.upstream.split(/[ ,]+/).pop()?.split(':').pop());
}

function kidOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as { kid: string }).kid;
}

describe('rolling restart of two instances behind nginx with the usual settings (no non_idempotent retries)', function () {
  this.timeout(120_000);

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
        AUTH_LOGIN_MAX_ATTEMPTS: '100000',
        // Short, since nginx OSS does not watch readiness; Kubernetes wants seconds (docs/operations.md).
        AUTH_SHUTDOWN_GRACE_MS: '300',
        // The production default: idle upstream connections are nginx's to close (its keepalive_timeout is 4 s).
        AUTH_SHUTDOWN_IDLE_CLOSE_MS: '5000',
        AUTH_KEY_SYNC_SECONDS: '1',
        AUTH_KEY_PUBLISH_AHEAD_SECONDS: '3',
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

  it('answers every login, protected GET and key fetch through three restarts and a key rotation (zero failed requests)', async () => {
    const port = (proxy as NginxProxy).port;
    const failures: string[] = [];
    /** Answers through nginx per instance port, and the kids of the tokens each issued. */
    const served = new Map<number, number>(ports.map((p) => [p, 0]));
    const kids = new Map<number, Set<string>>(ports.map((p) => [p, new Set()]));
    let requests = 0;
    let running = true;

    const through = async (path: string, init: { body?: string; token?: string } = {}): Promise<Answer | null> => {
      requests++;
      try {
        const answer = await send(clients, port, path, init);
        served.set(answeredBy(answer), (served.get(answeredBy(answer)) ?? 0) + 1);
        if (answer.status === 200) return answer;
        const kid = init.token ? ` (token kid ${kidOf(init.token)})` : '';
        failures.push(`${init.body ? 'POST' : 'GET'} ${path}: ${answer.status} ${answer.body} from ${answer.upstream}${kid} at ${new Date().toISOString()}`);
      } catch (error) {
        failures.push(`${path}: network ${error instanceof Error ? error.message : String(error)}`);
      }
      return null;
    };
    const client = async () => {
      while (running) {
        const login = await through('/auth/oauth/jwt/token', { body: LOGIN_BODY });
        if (!login) continue;
        const token = (JSON.parse(login.body) as { data: { access_token: string } }).data.access_token;
        kids.get(answeredBy(login))?.add(kidOf(token));
        await through('/auth/current/user/details', { token });
        await through('/auth/.well-known/jwks.json');
        await pause(THINK_MS);
      }
    };
    const load = Array.from({ length: CLIENTS }, client);

    /** Until nginx has sent `instance` a request again (it retries a failed instance after fail_timeout). */
    const untilServing = async (instance: number) => {
      const before = served.get(ports[instance]) ?? 0;
      while ((served.get(ports[instance]) ?? 0) === before) await pause(50);
    };

    const exits: Array<number | null> = [];
    /** When each step happened, for reading a failure against them. */
    const steps: string[] = [];
    const step = (what: string) => steps.push(`${new Date().toISOString()} ${what}`);
    for (const i of RESTARTS) {
      await untilServing(1 - i);
      await untilServing(i);
      step(`SIGTERM to instance ${i} (port ${ports[i]})`);
      const signalled = performance.now();
      const exit = await instances[i].stop('SIGTERM');
      exits.push(exit.code);
      expect(performance.now() - signalled, `instance ${i} exits within 10 s`).to.be.below(10_000);
      instances[i] = startInstance(i);
      await untilReady(instances[i], ports[i], direct);
      step(`instance ${i} ready again`);
    }
    await untilServing(RESTARTS[RESTARTS.length - 1]);

    // A key rotation under the same load: both instances move to the next key, no token is refused.
    const keysBefore = new Set([...kids.values()].flatMap((set) => [...set]));
    const config = loadAuthServerConfig({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database', AUTH_KEY_PUBLISH_AHEAD_SECONDS: '3', LOG_LEVEL: 'silent' });
    step('key rotation: next key published');
    expect(await keysCommandOutput(config, ['rotate'])).to.match(/^next key published/);
    const rotated = (p: number) => [...(kids.get(p) ?? [])].some((kid) => !keysBefore.has(kid));
    while (!ports.every(rotated)) await pause(100);
    await untilServing(0);
    await untilServing(1);

    running = false;
    await Promise.all(load);
    console.log(`      ${requests} requests through nginx during ${RESTARTS.length} restarts and a key rotation, ${failures.length} failed`);
    expect(exits).to.deep.equal(RESTARTS.map(() => 0));
    expect(failures, `${steps.join('\n')}\n${(proxy as NginxProxy).errorLog()}`).to.deep.equal([]);
    expect(requests).to.be.greaterThan(100);
  });
});
