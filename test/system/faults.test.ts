import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { AuthProcess } from '../support/authProcess';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { PostgresDatabase } from '../support/postgresDatabase';
import type { TcpProxy } from '../support/tcpProxy';

const LOGIN_BODY = JSON.stringify({ username: 'admin', password: 'any' });

describe('Faults', function () {
  this.timeout(60_000);

  // Started before every test of this file, so its 2 s of retries overlap the others instead of adding to them.
  let unreachable: AuthProcess;
  before(() => {
    unreachable = AuthProcess.start({
      // Nothing listens on port 1: every attempt is refused.
      AUTH_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/auth',
      AUTH_DATABASE_CONNECT_SECONDS: '2',
    });
  });
  after(async () => {
    await unreachable?.stop('SIGKILL');
  });

  describe('database unreachable at startup', () => {
    it('retries with backoff for AUTH_DATABASE_CONNECT_SECONDS, then exits 1 with one clear line on stderr', async () => {
      const auth = unreachable;

      const exit = await auth.exited;

      expect(exit.code).to.equal(1);
      const lines = auth.stderr.trim().split('\n');
      expect(lines, auth.stderr).to.have.length(1);
      expect(lines[0]).to.match(/^auth service failed to start: could not open the postgres database within 2 s: .*ECONNREFUSED/);
      const retries = auth.lines.filter((line) => line.msg === 'database not ready; retrying');
      expect(retries.length).to.be.at.least(2);
      expect(retries.map((line) => line.attempt)).to.deep.equal(retries.map((_, i) => i + 1));
    });
  });

  describe('database lost while running (PostgreSQL behind a proxy the test cuts)', () => {
    let database: PostgresDatabase;
    let proxy: TcpProxy;
    let running: RunningAuthServer;

    before(async () => {
      database = await PostgresDatabase.create();
      const proxied = await database.behindProxy();
      proxy = proxied.proxy;
      running = await startAuthServer({ AUTH_DATABASE_URL: proxied.url });
    });

    after(async () => {
      await proxy?.restore();
      await running?.auth.close();
      await proxy?.close();
      await database?.drop();
    });

    it('keeps verifying tokens and serving the key from memory, refuses logins it cannot check (503), reports db DOWN, and recovers', async () => {
      const app = running.auth.app;
      expect((await request(app).get('/auth/actuator/health')).status).to.equal(200);
      const before = await request(app).post('/auth/oauth/jwt/token').set('content-type', 'application/json').send(LOGIN_BODY);
      expect(before.status).to.equal(200);
      const token = (before.body as { data: { access_token: string } }).data.access_token;

      await proxy.cut();

      // Whether the user holds a second factor is in the store: a login it cannot check fails closed.
      const login = await request(app).post('/auth/oauth/jwt/token').set('content-type', 'application/json').send(LOGIN_BODY);
      expect(login.status).to.equal(503);
      expect(login.text).to.not.match(/at .*\.(ts|js):\d+/);
      const details = await request(app).get('/auth/current/user/details').set('authorization', `Bearer ${token}`);
      expect(details.status).to.equal(200);
      const key = await request(app).get('/auth/client/user/secret/key').query({ appId: 'demo', appSecret: 'secret' });
      expect(key.status).to.equal(200);
      expect((key.body as { data: string }).data).to.be.a('string').and.not.be.empty;

      const down = await request(app).get('/auth/actuator/health');
      expect(down.status).to.equal(503);
      expect(down.body).to.nested.include({ status: 'DOWN', 'components.db.status': 'DOWN', 'components.signingKey.status': 'UP' });

      await proxy.restore();

      const up = await request(app).get('/auth/actuator/health');
      expect(up.status).to.equal(200);
      expect(up.body).to.nested.include({ status: 'UP', 'components.db.status': 'UP' });
      expect((await request(app).post('/auth/oauth/jwt/token').set('content-type', 'application/json').send(LOGIN_BODY)).status).to.equal(200);
    });
  });

  describe('SIGTERM', () => {
    let dir: string;
    let auth: AuthProcess;

    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'auth-sigterm-'));
      auth = AuthProcess.start({ AUTH_DATABASE_URL: `sqlite:${join(dir, 'auth.sqlite')}` });
    });

    after(async () => {
      await auth.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    it('stops accepting, answers the request in flight, closes the database and exits 0', async () => {
      const port = await auth.port();
      const inFlight = connect(port, '127.0.0.1');
      const received = collect(inFlight);
      // Headers only: "100 Continue" proves the server has taken the request before the body is sent.
      inFlight.write(
        'POST /auth/oauth/jwt/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(LOGIN_BODY)}\r\nExpect: 100-continue\r\n\r\n`,
      );
      await received.until(/100 Continue/);

      auth.child.kill('SIGTERM');
      await auth.waitForLog((line) => line.msg === 'shutting down');

      expect(await connectError(port)).to.equal('ECONNREFUSED');
      inFlight.write(LOGIN_BODY);
      const response = await received.until(/"success":true/);
      expect(response).to.match(/HTTP\/1\.1 200 OK/).and.include('登录成功!');

      const exit = await auth.exited;
      expect(exit.code).to.equal(0);
      expect(auth.lines.map((line) => line.msg)).to.include('stopped');
    });
  });
});

/** Everything a socket receives, with a way to wait for a pattern in it. */
function collect(socket: Socket): { until(pattern: RegExp): Promise<string> } {
  let text = '';
  let closed = false;
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', wake);
  return {
    async until(pattern) {
      while (!pattern.test(text)) {
        if (closed) throw new Error(`connection closed before ${pattern}; received: ${text}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      return text;
    },
  };
}

/** The error code of a fresh connection attempt, or 'connected'. */
function connectError(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
