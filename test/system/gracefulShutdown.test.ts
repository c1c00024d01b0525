import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { AuthProcess } from '../support/authProcess';
import { connectError, RawConnection } from '../support/rawConnection';

const LOGIN_BODY = JSON.stringify({ username: 'admin', password: 'any' });
const GRACE_MS = 1_500;

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
    auth = AuthProcess.start({ AUTH_DATABASE_URL: `sqlite:${join(dir, 'auth.sqlite')}`, AUTH_SHUTDOWN_GRACE_MS: String(GRACE_MS) });
  });

  after(async () => {
    agent.destroy();
    await auth.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('goes not-ready at once, answers with Connection: close for the grace period, then stops accepting, finishes in-flight requests and exits 0', async () => {
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
    await auth.waitForLog((line) => line.msg === 'draining: not ready, still answering with Connection: close');

    // Draining: readiness DOWN (503), liveness UP, requests still answered, every answer closing its connection.
    const notReady = await get(agent, port, '/auth/actuator/health/readiness');
    expect(notReady.status).to.equal(503);
    expect(JSON.parse(notReady.body)).to.deep.nested.include({ status: 'DOWN', 'components.readinessState': { status: 'DOWN', details: { state: 'REFUSING_TRAFFIC' } } });
    expect(notReady.connection).to.equal('close');
    const alive = await get(agent, port, '/auth/actuator/health/liveness');
    expect(alive.status).to.equal(200);
    expect(alive.connection).to.equal('close');
    expect(await connectError(port), 'new connections during the grace period').to.equal('connected');
    expect(idle.closed, 'idle keep-alive connection during the grace period').to.equal(false);

    await auth.waitForLog((line) => line.msg === 'shutting down');
    const drainedMs = performance.now() - signalled;
    expect(await connectError(port)).to.equal('ECONNREFUSED');
    await idle.untilClosed();

    inFlight.write(LOGIN_BODY);
    const answer = await inFlight.until(/"success":true/);
    expect(answer).to.match(/HTTP\/1\.1 200 OK/).and.match(/Connection: close/i);

    const exit = await auth.exited;
    expect(exit.code).to.equal(0);
    expect(drainedMs, 'the grace period was kept').to.be.at.least(GRACE_MS);
    expect(performance.now() - signalled, 'exit within 10 s of SIGTERM').to.be.below(10_000);
  });
});
