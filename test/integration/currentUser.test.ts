import { expect } from 'chai';
import request from 'supertest';
import { TYPES } from '../../src/interfaces/composition/types';
import {
  CURRENT_USER_KEYS,
  CURRENT_USER_PATH,
  expect401,
  KEY_PATH,
  LOGIN_PATH,
  loginToken,
  METHODS,
  MSG,
  STUB_CURRENT_USER_BODY,
} from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { FixedClock } from '../support/FixedClock';

const START = '2026-01-01T00:00:00Z';

for (const { method } of METHODS) {
  describe(`current user and the token interceptor (${method})`, () => {
    const clock = new FixedClock(START);
    let server: RunningAuthServer;
    let token: string;

    before(async () => {
      server = await startAuthServer({ AUTH_SIGN_METHOD: method }, (container) => container.rebind(TYPES.Clock).toConstantValue(clock));
      token = await loginToken(server.origin);
    });

    afterEach(() => clock.set(START));

    after(async () => {
      await server.auth.close();
    });

    it('answers the documented body for a stub-login token: 27 keys in order, nulls present', async () => {
      const res = await request(server.origin).get(CURRENT_USER_PATH).set('Authorization', `Bearer ${token}`).set('Accept', 'application/json');

      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
      expect(res.text).to.equal(STUB_CURRENT_USER_BODY);
      expect(Object.keys((res.body as { data: object }).data)).to.deep.equal(CURRENT_USER_KEYS);
    });

    it('reads the Bearer scheme case-insensitively', async () => {
      for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
        const res = await request(server.origin).get(CURRENT_USER_PATH).set('Authorization', `${scheme} ${token}`);
        expect(res.status, scheme).to.equal(200);
        expect(res.text).to.equal(STUB_CURRENT_USER_BODY);
      }
    });

    it('accepts the Verified-Ticket header and does not require it', async () => {
      const withTicket = await request(server.origin)
        .get(CURRENT_USER_PATH)
        .set('Authorization', `Bearer ${token}`)
        .set('Verified-Ticket', 'any-ticket-value');
      expect(withTicket.status).to.equal(200);
      expect(withTicket.text).to.equal(STUB_CURRENT_USER_BODY);

      const withoutToken = await request(server.origin).get(CURRENT_USER_PATH).set('Verified-Ticket', 'any-ticket-value');
      expect401(withoutToken, MSG.tokenMissing);
    });

    it('answers 401 "用户认证失败" with WWW-Authenticate: Bearer when no token is sent', async () => {
      expect401(await request(server.origin).get(CURRENT_USER_PATH), MSG.tokenMissing);
      for (const authorization of ['', 'Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', token]) {
        expect401(await request(server.origin).get(CURRENT_USER_PATH).set('Authorization', authorization), MSG.tokenMissing);
      }
    });

    it('answers 401 "认证令牌已过期！" with error="invalid_token" once the token has expired', async () => {
      clock.advanceSeconds(18000 - 1);
      await request(server.origin).get(CURRENT_USER_PATH).set('Authorization', `Bearer ${token}`).expect(200);

      clock.advanceSeconds(1);
      const res = await request(server.origin).get(CURRENT_USER_PATH).set('Authorization', `Bearer ${token}`);
      expect401(res, MSG.tokenExpired);
      expect(res.headers['www-authenticate']).to.include('error="invalid_token"');
    });

    it('answers 401 "token 解析失败！" with WWW-Authenticate: Bearer error="invalid_token" for an invalid token', async () => {
      const res = await request(server.origin).get(CURRENT_USER_PATH).set('Authorization', `Bearer ${token}x`);
      expect401(res, MSG.tokenInvalid);
      expect(res.headers['www-authenticate']).to.equal('Bearer error="invalid_token"');
    });

    it('lets OPTIONS requests through without a token', async () => {
      const res = await request(server.origin).options(CURRENT_USER_PATH);
      expect(res.status).to.equal(200);
      expect(res.headers.allow).to.include('GET');
    });

    it('leaves the pass list (/oauth/jwt/**) and the key endpoint reachable without a token', async () => {
      await request(server.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'x' }).expect(200);
      // Under the pass list an unknown route is simply unknown, not unauthorized.
      const unknown = await request(server.origin).get('/auth/oauth/jwt/anything');
      expect(unknown.status).to.equal(404);
      if (method !== 'hmac') await request(server.origin).get(KEY_PATH).query({ appId: 'a', appSecret: 'b' }).expect(200);
    });

    it('checks the token on a login path outside the pass list when the pass list is changed', async () => {
      const narrow = await startAuthServer({ AUTH_SIGN_METHOD: method, AUTH_PASS_LIST: '/public/**' });
      try {
        expect401(await request(narrow.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'x' }), MSG.tokenMissing);
      } finally {
        await narrow.auth.close();
      }
    });
  });
}
