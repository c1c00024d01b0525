import { expect } from 'chai';
import request from 'supertest';
import type { KeyRing } from '../../src/domain/model/KeyRing';
import type { UserAuthenticator } from '../../src/domain/ports/UserAuthenticator';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { LogCapture } from '../support/LogCapture';

const PASSWORD = 'pw-Sekrit-4711';
const APP_SECRET = 'app-Secret-0815';
const VERIFIED_TICKET = 'ticket-Hush-2323';
const FAILING_PASSWORD = 'pw-Boom-9090';

/** Fails like a broken database would, so the 500 path (which logs the error) runs. */
class ExplodingAuthenticator implements UserAuthenticator {
  async authenticate(username: string): Promise<never> {
    throw Object.assign(new Error(`database unreachable for ${username}`), { config: { password: FAILING_PASSWORD } });
  }
}

describe('structured request logs', () => {
  const logs = new LogCapture();
  let auth: AuthServer;
  let token: string;

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: `demo:${APP_SECRET}` }), { configure: logs.configure('trace') });
    const login = await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: PASSWORD, code: '1234' });
    token = login.body.data.access_token as string;
    await request(auth.server).get('/auth/client/user/secret/key').query({ appId: 'demo', appSecret: APP_SECRET });
    await request(auth.server).get('/auth/client/user/secret/key').query({ appId: 'demo', appSecret: `${APP_SECRET}-wrong` });
    await request(auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${token}`).set('Verified-Ticket', VERIFIED_TICKET);
    await request(auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${token}x`);
    await request(auth.server).post('/auth/oauth/jwt/token').set('Content-Type', 'application/json').send(`{"username":"a","password":"${PASSWORD}"`);
  });

  after(async () => {
    await auth.close();
  });

  it('writes one JSON line per request with method, masked URL, status and request id', () => {
    const completed = logs.records().filter((record) => record.msg === 'request completed');
    const summary = completed.map((record) => {
      const req = record.req as { method: string; url: string; id: string };
      return [req.method, req.url, (record.res as { statusCode: number }).statusCode];
    });

    expect(summary).to.deep.include.members([
      ['POST', '/auth/oauth/jwt/token', 200],
      ['GET', '/auth/client/user/secret/key?appId=demo&appSecret=[redacted]', 200],
      ['GET', '/auth/client/user/secret/key?appId=demo&appSecret=[redacted]', 401],
      ['GET', '/auth/current/user/details', 200],
      ['GET', '/auth/current/user/details', 401],
      ['POST', '/auth/oauth/jwt/token', 400],
    ]);
    for (const record of completed) {
      expect((record.req as { id: string }).id).to.match(/^[0-9a-f-]{36}$/);
      expect(record.responseTime).to.be.a('number');
    }
  });

  it('never writes a password, app secret, token, ticket or private key', () => {
    const ring = auth.container.get<KeyRing>(TYPES.KeyRing);
    const privateKey = ring.activeKey().privateKey;
    const text = logs.text();

    expect(logs.lines.length).to.be.greaterThan(6);
    for (const secret of [PASSWORD, APP_SECRET, token, token.split('.')[2], VERIFIED_TICKET, privateKey, privateKey.slice(40, 100)]) {
      expect(text).not.to.include(secret);
    }
    expect(text).not.to.match(/Bearer/i);
  });

  it('keeps secrets out of a logged 500 error, which carries the request id', async () => {
    const local = new LogCapture();
    const failing = await buildAuthServer(authTestConfig(), {
      configure: (container) => {
        local.configure('info')(container);
        container.rebind(TYPES.UserAuthenticator).toConstantValue(new ExplodingAuthenticator());
      },
    });
    try {
      const response = await request(failing.server)
        .post('/auth/oauth/jwt/token')
        .set('X-Request-Id', 'req-500-check')
        .send({ username: 'bob', password: FAILING_PASSWORD });

      expect(response.status).to.equal(500);
      const failed = local.records().find((record) => record.msg === 'request failed');
      expect(failed).to.include({ reqId: 'req-500-check' });
      expect((failed!.err as { message: string }).message).to.equal('database unreachable for bob');
      expect(local.text()).not.to.include(FAILING_PASSWORD);
    } finally {
      await failing.close();
    }
  });
});

describe('request ids', () => {
  let auth: AuthServer;

  before(async () => {
    auth = await buildAuthServer(authTestConfig());
  });

  after(async () => {
    await auth.close();
  });

  it('echoes a sane incoming X-Request-Id', async () => {
    const response = await request(auth.server).get('/auth/actuator/health').set('X-Request-Id', 'trace-0af7651916cd43dd');

    expect(response.headers['x-request-id']).to.equal('trace-0af7651916cd43dd');
  });

  it('replaces a missing or unsafe X-Request-Id with a fresh UUID', async () => {
    const missing = await request(auth.server).get('/auth/no/such/path');
    const unsafe = await request(auth.server).get('/auth/actuator/health').set('X-Request-Id', 'a b"c{}');
    const long = await request(auth.server).get('/auth/actuator/health').set('X-Request-Id', 'x'.repeat(129));

    for (const response of [missing, unsafe, long]) {
      expect(response.headers['x-request-id']).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(missing.headers['x-request-id']).not.to.equal(unsafe.headers['x-request-id']);
  });
});
