import { expect } from 'chai';
import request from 'supertest';
import { authTestConfig } from '../support/authTestServer';
import { addUserOn } from '../support/addTestUser';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { clockAndFastHashing } from '../support/clockAndFastHashing';
import { FixedClock } from '../support/FixedClock';
import { enrolTotpOn, type EnrolledTotp } from '../support/totpDevice';

const SERVICE = { appId: 'svc', appSecret: 'Vq3-orders-service-secret-9x2LmPz' };
const LOGIN = '/auth/oauth/jwt/token';
const SECOND_STEP = { success: false, status: 401, msg: '需要第二步验证', data: null };

describe('second factor on the password paths (seed login, password grant)', () => {
  const clock = new FixedClock('2026-03-01T10:00:05Z');
  let auth: AuthServer;
  let totp: EnrolledTotp;

  before(async () => {
    const config = authTestConfig({ AUTH_USER_STORE: 'database', AUTH_CLIENTS: `${SERVICE.appId}:${SERVICE.appSecret}`, AUTH_TRUST_PROXY: '1' });
    auth = await buildAuthServer(config, { configure: clockAndFastHashing(config, clock) });
    await addUserOn(auth).execute({ account: 'alice', password: 'alice password 1', nickName: 'Alice' });
    await addUserOn(auth).execute({ account: 'bob', password: 'bob password 1', nickName: 'Bob' });
    totp = await enrolTotpOn(auth, 'alice', clock);
  });

  after(async () => {
    await auth?.close();
  });

  const login = (body: object, address = '198.51.100.1') => request(auth.server).post(LOGIN).set('X-Forwarded-For', address).send(body);

  it('answers an enrolled user with the right password and no otp 401 需要第二步验证, no token', async () => {
    const res = await login({ username: 'alice', password: 'alice password 1' });
    expect(res.status).to.equal(401);
    expect(res.body).to.deep.equal(SECOND_STEP);
  });

  it('answers a wrong otp the same, and a wrong password as today (the message tells no one who is enrolled)', async () => {
    expect((await login({ username: 'alice', password: 'alice password 1', otp: '000000' })).body).to.deep.equal(SECOND_STEP);
    const wrongPassword = await login({ username: 'alice', password: 'wrong', otp: totp.device.code(clock.now()) });
    const unenrolledWrong = await login({ username: 'bob', password: 'wrong' });
    expect(wrongPassword.status).to.equal(401);
    expect(wrongPassword.body).to.deep.equal(unenrolledWrong.body);
    expect(wrongPassword.body.msg).to.equal('用户名或密码错误');
  });

  it('issues the token for the right otp once; the same code again is a replay', async () => {
    clock.advanceSeconds(30);
    const code = totp.device.code(clock.now());
    const res = await login({ username: 'alice', password: 'alice password 1', otp: code });
    expect(res.status).to.equal(200);
    expect(res.body.data.access_token).to.be.a('string');
    expect((await login({ username: 'alice', password: 'alice password 1', otp: code })).body).to.deep.equal(SECOND_STEP);
  });

  it('takes a recovery code as otp once, in any case or spacing', async () => {
    const [first] = totp.recoveryCodes;
    expect(first).to.match(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect((await login({ username: 'alice', password: 'alice password 1', otp: first.toLowerCase() })).status).to.equal(200);
    expect((await login({ username: 'alice', password: 'alice password 1', otp: first })).body).to.deep.equal(SECOND_STEP);
  });

  it('signs a user without a factor in as today, otp or not', async () => {
    expect((await login({ username: 'bob', password: 'bob password 1' })).status).to.equal(200);
    expect((await login({ username: 'bob', password: 'bob password 1', otp: '123456' })).status).to.equal(200);
  });

  it('refuses an otp that is not a short string as incomplete input (400)', async () => {
    expect((await login({ username: 'alice', password: 'alice password 1', otp: 123456 })).status).to.equal(400);
    expect((await login({ username: 'alice', password: 'alice password 1', otp: 'x'.repeat(65) })).status).to.equal(400);
  });

  it('the password grant refuses an enrolled user with invalid_grant naming the second factor, and serves others', async () => {
    const grant = (username: string, password: string) =>
      request(auth.server).post('/auth/oauth/token').auth(SERVICE.appId, SERVICE.appSecret).type('form').send({ grant_type: 'password', username, password });
    const refused = await grant('alice', 'alice password 1');
    expect(refused.status).to.equal(400);
    expect(refused.body).to.deep.equal({ error: 'invalid_grant', error_description: 'the user has a second factor: sign in through the authorization endpoint' });
    expect((await grant('bob', 'bob password 1')).status).to.equal(200);
    expect((await grant('alice', 'wrong')).body.error_description).to.equal('invalid username or password');
  });

  it('counts wrong codes under the account login limits: past them 429, the right code refused too until the window passes', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await login({ username: 'alice', password: 'alice password 1', otp: '000000' }, `203.0.113.${i}`)).status);
    expect(answers).to.include(429);
    clock.advanceSeconds(30);
    const right = await login({ username: 'alice', password: 'alice password 1', otp: totp.device.code(clock.now()) }, '203.0.113.99');
    expect(right.status).to.equal(429);
    expect(right.headers['retry-after']).to.match(/^\d+$/);
  });
});
