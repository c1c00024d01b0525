import { expect } from 'chai';
import request from 'supertest';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { buildAuthServer } from '../support/buildAuthServer';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { PasswordCheckingAuthenticator } from '../support/PasswordCheckingAuthenticator';
import { LogCapture } from '../support/LogCapture';

const LOGIN = '/auth/oauth/jwt/token';
const THROTTLED = { success: false, status: 429, msg: '登录尝试过于频繁，请稍后再试', data: null };

describe('login brute-force protection', () => {
  let auth: AuthServer;

  // A fresh server per test: the limiters' windows start empty. The login capacity is set above the
  // parallel bursts here, so the attempt limits, not the busy refusal, are what stops them.
  beforeEach(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_TRUST_PROXY: '1', AUTH_HASH_QUEUE: '100' }), { configure: checkPasswords });
  });

  afterEach(async () => {
    await auth.close();
  });

  function attempt(username: string, address = '203.0.113.7', password = 'wrong') {
    return request(auth.server).post(LOGIN).set('X-Forwarded-For', address).send({ username, password });
  }

  it('answers the 11th attempt inside the window with a 429 envelope and Retry-After, even with the right password', async () => {
    for (let i = 1; i <= 10; i++) expect((await attempt('admin')).status, `attempt ${i}`).to.equal(401);

    const refused = await attempt('admin', '203.0.113.7', 'right');

    expect(refused.status).to.equal(429);
    expect(refused.body).to.deep.equal(THROTTLED);
    const retryAfter = Number(refused.headers['retry-after']);
    // Sliding 60-second window: refused attempts stay counted, so the wait reaches up to two windows.
    expect(retryAfter).to.be.within(1, 120);
  });

  it('limits a different account from the same address through the per-address limit', async () => {
    for (let i = 1; i <= 10; i++) await attempt(`user${i}`);

    const refused = await attempt('someone-else');

    expect(refused.status).to.equal(429);
    expect(refused.body).to.deep.equal(THROTTLED);
  });

  it('limits one account tried from many addresses through the per-account limit, ignoring case', async () => {
    for (let i = 1; i <= 10; i++) expect((await attempt(i % 2 ? 'admin' : ' ADMIN ', `198.51.100.${i}`)).status).to.equal(401);

    const refused = await attempt('Admin', '198.51.100.200');
    const otherAccount = await attempt('alice', '198.51.100.201', 'right');

    expect(refused.status).to.equal(429);
    expect(refused.body).to.deep.equal(THROTTLED);
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
    expect(otherAccount.status).to.equal(200);
  });

  it('does not count successful logins or incomplete forms: only wrong guesses', async () => {
    for (let i = 1; i <= 15; i++) expect((await attempt('admin', '192.0.2.9', 'right')).status, `login ${i}`).to.equal(200);
    for (let i = 1; i <= 15; i++) expect((await request(auth.server).post(LOGIN).set('X-Forwarded-For', '192.0.2.9').send({})).status).to.equal(400);
    for (let i = 1; i <= 10; i++) expect((await attempt('admin', '192.0.2.9')).status, `guess ${i}`).to.equal(401);

    expect((await attempt('admin', '192.0.2.9', 'right')).status).to.equal(429);
  });

  it('keeps refusing every attempt once the limit is reached, right password or not (no alternation)', async () => {
    for (let i = 1; i <= 10; i++) await attempt('admin');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt('admin', '203.0.113.7', i % 2 ? 'right' : 'wrong')).status);
    expect(statuses).to.deep.equal([429, 429, 429, 429, 429, 429]);
  });

  // An attempt counts from the moment it starts (so parallel guesses stop at the limit) and is given back when it succeeds.
  it('gives successful logins back: 60 concurrent successful logins from 60 addresses, then 60 in a row from one, all succeed', async () => {
    const concurrent = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt(`user${i}`, `203.0.113.${i + 1}`, 'right')));
    const sequential: number[] = [];
    for (let i = 0; i < 60; i++) sequential.push((await attempt(`user${i}`, '203.0.113.50', 'right')).status);
    expect([...concurrent.map((res) => res.status), ...sequential].filter((status) => status !== 200)).to.deep.equal([]);
  });

  it('stops a burst of wrong guesses sent in parallel against one account at the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt('victim', `198.18.0.${i + 1}`)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 401).length).to.be.at.most(10);
    expect(statuses.filter((status) => status === 429).length).to.be.at.least(30);
  });

  it('leaves other routes alone', async () => {
    for (let i = 1; i <= 11; i++) await attempt('admin');

    const health = await request(auth.server).get('/auth/actuator/health').set('X-Forwarded-For', '203.0.113.7');
    const key = await request(auth.server).get('/auth/client/user/secret/key?appId=a&appSecret=b').set('X-Forwarded-For', '203.0.113.7');

    expect(health.status).to.equal(200);
    expect(key.status).to.equal(200);
  });
});

describe('login limits from configuration', () => {
  it('applies AUTH_LOGIN_MAX_ATTEMPTS and AUTH_LOGIN_WINDOW_SECONDS', async () => {
    const auth = await buildAuthServer(authTestConfig({ AUTH_LOGIN_MAX_ATTEMPTS: '2', AUTH_LOGIN_WINDOW_SECONDS: '30' }), { configure: checkPasswords });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await request(auth.server).post(LOGIN).send({ username: 'a', password: 'b' })).status);
      const last = await request(auth.server).post(LOGIN).send({ username: 'a', password: 'b' });

      expect(statuses).to.deep.equal([401, 401, 429]);
      // Sliding window: the refused attempts stay counted until enough of them slid out, within two windows.
      // Where in the window the test runs decides the exact figure (a FixedClock unit test pins it down).
      expect(Number(last.headers['retry-after'])).to.be.within(1, 60);
    } finally {
      await auth.close();
    }
  });
});

describe('login limits without trust proxy', () => {
  it('ignores a spoofed X-Forwarded-For and says so once in the log', async () => {
    const logs = new LogCapture();
    const auth = await buildAuthServer(authTestConfig({ AUTH_LOGIN_MAX_ATTEMPTS: '2' }), {
      configure: (container) => {
        logs.configure('warn')(container);
        checkPasswords(container);
      },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await request(auth.server).post(LOGIN).set('X-Forwarded-For', `10.0.0.${i}`).send({ username: `u${i}`, password: 'b' })).status);
      }

      expect(statuses).to.deep.equal([401, 401, 429]);
      const warnings = logs.records().filter((record) => String(record.msg).includes('X-Forwarded-For'));
      expect(warnings).to.have.length(1);
    } finally {
      await auth.close();
    }
  });
});

function checkPasswords(container: import('inversify').Container): void {
  container.rebind(TYPES.UserAuthenticator).toConstantValue(new PasswordCheckingAuthenticator());
}
