import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { AuthProcess } from '../support/authProcess';
import { connectError, RawConnection } from '../support/rawConnection';

const LOGIN_BODY = JSON.stringify({ username: 'admin', password: 'any' });
const GRACE_MS = 1_000;

interface Answer {
  readonly status: number;
  readonly connection: string | undefined;
  readonly body: string;
}

/** One request over a keep-alive agent (as a proxy would send it). */
function get(agent: Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown for rolling restarts (SIGTERM)', function () {
  this.timeout(60_000);

  let dir: string;
  let auth: AuthProcess;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'auth-drain-'));
    auth = AuthProcess.start({ AUTH_DATABASE_URL: `sqlite:${join(dir, 'auth.sqlite')}`, AUTH_SHUTDOWN_GRACE_MS: String(GRACE_MS), AUTH_SHUTDOWN_IDLE_CLOSE_MS: '5000' });
  });

  after(async () => {
    agent.destroy();
    await auth.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('goes not-ready at once and answers as usual for the grace period, then refuses new connections, answers what comes on open ones with Connection: close, and exits 0', async () => {
    const port = await auth.port();
    const ready = await get(agent, port, '/auth/actuator/health/readiness');
    expect(ready.status).to.equal(200);
    expect(JSON.parse(ready.body)).to.deep.nested.include({ status: 'UP', 'components.readinessState': { status: 'UP', details: {} }, 'components.revocations.status': 'UP' });
    expect(ready.connection).to.equal('keep-alive');

    // An idle keep-alive connection, and a login whose headers the server has taken ("100 Continue") but whose body is still to come.
    const idle = await RawConnection.open(port);
    idle.write('GET /auth/actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await idle.until(/"status":"UP"/);
    const inFlight = await RawConnection.open(port);
    inFlight.write(
      'POST /auth/oauth/jwt/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(LOGIN_BODY)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await inFlight.until(/100 Continue/);

    const signalled = performance.now();
    auth.child.kill('SIGTERM');
    await auth.waitForLog((line) => line.msg === 'draining: not ready, still answering');

    // Draining: readiness DOWN (503), liveness UP, requests answered as usual (keep-alive: a proxy keeps
    // reusing its connections rather than opening new ones, which closing the listener could reset).
    const notReady = await get(agent, port, '/auth/actuator/health/readiness');
    expect(notReady.status).to.equal(503);
    expect(JSON.parse(notReady.body)).to.deep.nested.include({ status: 'DOWN', 'components.readinessState': { status: 'DOWN', details: { state: 'REFUSING_TRAFFIC' } } });
    const alive = await get(agent, port, '/auth/actuator/health/liveness');
    expect(alive.status).to.equal(200);
    expect(alive.connection).to.equal('keep-alive');
    expect(await connectError(port), 'new connections during the grace period').to.equal('connected');
    agent.destroy();

    await auth.waitForLog((line) => line.msg === 'shutting down');
    const drainedMs = performance.now() - signalled;
    expect(await connectError(port)).to.equal('ECONNREFUSED');
    // The idle connection is not closed under a client that may be writing to it: its next request is answered, with Connection: close.
    expect(idle.closed, 'idle keep-alive connection once the listener is closed').to.equal(false);
    idle.write('GET /auth/actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await idle.untilClosed();
    expect(idle.text.slice(idle.text.lastIndexOf('HTTP/1.1'))).to.match(/^HTTP\/1\.1 200 OK/).and.match(/Connection: close/i);

    inFlight.write(LOGIN_BODY);
    const answer = await inFlight.until(/"success":true/);
    expect(answer).to.match(/HTTP\/1\.1 200 OK/).and.match(/Connection: close/i);

    const exit = await auth.exited;
    expect(exit.code).to.equal(0);
    expect(drainedMs, 'the grace period was kept').to.be.at.least(GRACE_MS);
    expect(performance.now() - signalled, 'exit within 10 s of SIGTERM').to.be.below(10_000);
  });
});

describe('npm start under a supervisor (SIGTERM to the npm process)', function () {
  this.timeout(60_000);

  it('stops the service too: the start script execs node, npm passes SIGTERM on, nothing is left running', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-npm-start-'));
    // --ignore-scripts skips only prestart's build (npm test has built dist/ already).
    const npm = spawn('npm', ['start', '--ignore-scripts', '--silent'], {
      cwd: join(__dirname, '..', '..'),
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', AUTH_DATABASE_URL: `sqlite:${join(dir, 'auth.sqlite')}`, AUTH_SHUTDOWN_GRACE_MS: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let out = '';
      const listening = await new Promise<Record<string, unknown>>((resolve, reject) => {
        npm.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          const line = out.split('\n').find((l) => l.includes('"auth service listening"'));
          if (line) resolve(JSON.parse(line) as Record<string, unknown>);
        });
        npm.once('exit', () => reject(new Error(`npm start exited first: ${out}`)));
      });
      // The listening line names the page to open.
      expect(listening.url).to.equal(`http://127.0.0.1:${String(listening.port)}/auth/`);
      const exited = new Promise((resolve) => npm.once('exit', resolve));
      npm.kill('SIGTERM');
      await exited;
      const pid = listening.pid as number;
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      expect(alive(), `node ${pid} still running after npm exited`).to.equal(false);
      expect(out).to.include('"msg":"stopped"');
    } finally {
      npm.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

