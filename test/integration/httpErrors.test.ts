import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import type { KeyRing } from '../../src/domain/model/KeyRing';
import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import type { UserAuthenticator } from '../../src/domain/ports/UserAuthenticator';
import { TYPES } from '../../src/interfaces/composition/types';
import { jsonDateReplacer } from '../../src/interfaces/http/jsonDates';
import { CURRENT_USER_PATH, expectCleanErrorBody, failureBody, LOGIN_PATH, loginToken, METHODS } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';

const NOT_FOUND = failureBody(404, '请求的资源不存在');
const MALFORMED = failureBody(400, '请求体不是合法的 JSON');
const TOO_LARGE = failureBody(413, '请求体过大');
const INTERNAL = failureBody(500, '服务器内部错误');
const ROOT = join(__dirname, '..', '..');

/** An authenticator that fails the way a broken database adapter would. */
class ExplodingUserAuthenticator implements UserAuthenticator {
  async authenticate(): Promise<AuthenticatedUser> {
    throw new Error('connect ECONNREFUSED /var/run/users.sock at UserDb.query (/work/app/src/UserDb.ts:42:7)');
  }
}

for (const { method } of METHODS) {
  describe(`HTTP errors, static files and dates (${method})`, () => {
    let server: RunningAuthServer;
    let token: string;
    let secrets: string[];

    before(async () => {
      server = await startAuthServer({ AUTH_SIGN_METHOD: method });
      token = await loginToken(server.origin);
      const key = server.auth.container.get<KeyRing>(TYPES.KeyRing).activeKey();
      secrets = [key.privateKey, key.privateKey.slice(0, 40)];
    });

    after(async () => {
      await server.auth.close();
    });

    it('answers a URL that does not decode, and a body that claims gzip but is not, with 400 in the envelope', async () => {
      for (const path of ['/auth/%', '/auth/static/%c0%ae%c0%ae/package.json']) {
        const res = await request(server.origin).get(path);
        expect(res.status, path).to.equal(400);
        expect(res.body).to.deep.equal({ success: false, status: 400, msg: '请求参数错误', data: null });
      }
      const gzip = await request(server.origin)
        .post('/auth/oauth/jwt/token')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send('{}');
      expect(gzip.status).to.equal(400);
      expect(gzip.body).to.deep.equal({ success: false, status: 400, msg: '请求参数错误', data: null });
    });

    it('answers unknown routes with the 404 envelope, with or without a token', async () => {
      for (const path of ['/auth/nope', '/nope', '/', '/auth/current/user', '/auth/current/user/details/x', '/auth/static/missing.html']) {
        for (const authorization of [undefined, `Bearer ${token}`]) {
          const test = request(server.origin).get(path);
          const res = await (authorization ? test.set('Authorization', authorization) : test);
          expect(res.status, path).to.equal(404);
          expect(res.text).to.equal(NOT_FOUND);
          expectCleanErrorBody(res, ...secrets);
        }
      }
    });

    it('answers a known path with the wrong method with the 404 envelope', async () => {
      for (const res of [
        await request(server.origin).delete(LOGIN_PATH),
        await request(server.origin).get(LOGIN_PATH),
        await request(server.origin).post(CURRENT_USER_PATH).set('Authorization', `Bearer ${token}`),
      ]) {
        expect(res.status).to.equal(404);
        expect(res.text).to.equal(NOT_FOUND);
      }
    });

    it('answers malformed JSON with the 400 envelope', async () => {
      for (const body of ['{bad', '{"username": "admin",}', "{'username':'admin'}", '{"username":"admin"']) {
        const res = await request(server.origin).post(LOGIN_PATH).set('Content-Type', 'application/json').send(body);
        expect(res.status, body).to.equal(400);
        expect(res.text).to.equal(MALFORMED);
        expectCleanErrorBody(res, ...secrets);
      }
    });

    it('answers a body over 100 kB with the 413 envelope and accepts one just under it', async () => {
      const over = JSON.stringify({ username: 'admin', password: 'x', padding: 'x'.repeat(101 * 1024) });
      const res = await request(server.origin).post(LOGIN_PATH).set('Content-Type', 'application/json').send(over);
      expect(res.status).to.equal(413);
      expect(res.text).to.equal(TOO_LARGE);
      expectCleanErrorBody(res, ...secrets);

      const under = JSON.stringify({ username: 'admin', password: 'x', padding: 'x'.repeat(99 * 1024) });
      await request(server.origin).post(LOGIN_PATH).set('Content-Type', 'application/json').send(under).expect(200);
    });

    it('serves /auth/static/** and /auth/assets/** from the repository folders, without a token', async () => {
      const html = await request(server.origin).get('/auth/static/index.html').expect(200);
      expect(html.headers['content-type']).to.match(/^text\/html/);
      expect(html.text).to.equal(readFileSync(join(ROOT, 'static', 'index.html'), 'utf8'));

      const css = await request(server.origin).get('/auth/assets/site.css').expect(200);
      expect(css.headers['content-type']).to.match(/^text\/css/);
      expect(css.text).to.equal(readFileSync(join(ROOT, 'assets', 'site.css'), 'utf8'));
    });

    it('does not serve files outside the static folders', async () => {
      for (const path of ['/auth/static/%2e%2e/package.json', '/auth/static/..%2fpackage.json', '/auth/assets/%2e%2e/%2e%2e/package.json']) {
        const res = await request(server.origin).get(path);
        expect(res.status, path).to.be.oneOf([403, 404]);
        expect(res.text).not.to.include('"dependencies"');
        expectCleanErrorBody(res, ...secrets);
      }
    });

    it('writes dates in JSON bodies as yyyy-MM-dd HH:mm:ss in GMT+8', () => {
      const replacer = server.auth.app.get('json replacer') as typeof jsonDateReplacer;
      expect(replacer).to.equal(jsonDateReplacer);
      expect(JSON.stringify({ at: new Date('2026-01-01T00:00:00Z') }, replacer)).to.equal('{"at":"2026-01-01 08:00:00"}');
    });
  });
}

describe('unexpected errors', () => {
  let server: RunningAuthServer;

  before(async () => {
    server = await startAuthServer({}, (container) => container.rebind(TYPES.UserAuthenticator).toConstantValue(new ExplodingUserAuthenticator()));
  });

  after(async () => {
    await server.auth.close();
  });

  it('answers 500 with a generic envelope: no message, stack trace or path', async () => {
    const res = await request(server.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'x' });
    expect(res.status).to.equal(500);
    expect(res.text).to.equal(INTERNAL);
    expectCleanErrorBody(res, 'ECONNREFUSED', 'users.sock', 'UserDb');
  });
});
