import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import type { KeyRing } from '../../../src/domain/model/KeyRing';
import { privateKeyFromText } from '../../../src/infrastructure/crypto/keyText';
import { FixedClock } from '../../support/FixedClock';
import { forgedTokens } from '../../support/forgedTokens';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';
import { buildTestClient } from '../../support/clientTestDemo';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';
import { TYPES } from '../../../src/interfaces/composition/types';

const DETAILS = '/auth-client-demo/current/user/details';
const INVALID = { success: false, status: 401, msg: 'token 解析失败！', data: null };

describe('demo client with the real auth service', () => {
  let running: RunningAuthServer;
  let client: ClientDemo;
  let token: string;
  let publicKey: string;

  before(async () => {
    running = await startAuthServer();
    client = buildTestClient({ AUTH_SERVER_URL: running.origin });
    expect((await client.provider.refresh()).outcome).to.equal('replaced');

    const login = await request(running.auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'secret' }).expect(200);
    token = login.body.data.access_token;
    publicKey = (await request(running.auth.server).get('/auth/client/user/secret/key?appId=auth-client-demo&appSecret=123456').expect(200)).body.data;
  });

  after(async () => {
    await client?.close();
    await running?.auth.close();
  });

  it('accepts a token from the auth service and answers the same current user as the auth service', async () => {
    const atClient = await request(client.server).get(DETAILS).set('Authorization', `Bearer ${token}`).expect(200);
    const atAuth = await request(running.auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${token}`).expect(200);

    expect(atClient.body).to.deep.equal(atAuth.body);
    expect(Object.keys(atClient.body)).to.deep.equal(['success', 'status', 'msg', 'data']);
    expect(atClient.body).to.deep.include({ success: true, status: 200, msg: '操作成功!' });
    expect(atClient.body.data).to.include({ id: '1', account: 'admin', nickName: '管理员', userType: '4', tenantId: null, other: null });
  });

  it('holds the key the auth service serves, under the same kid the token carries', () => {
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'));
    expect(client.provider.state()).to.include({ hasKey: true, kid: header.kid });
    expect(client.provider.keyFor(undefined)?.material).to.equal(publicKey);
  });

  it('answers a missing token with 401 用户认证失败 and WWW-Authenticate: Bearer', async () => {
    const response = await request(client.server).get(DETAILS).expect(401);
    expect(response.headers['www-authenticate']).to.equal('Bearer');
    expect(response.body).to.deep.equal({ success: false, status: 401, msg: '用户认证失败', data: null });
    await request(client.server).get(DETAILS).set('Authorization', `Basic ${token}`).expect(401);
  });

  it('refuses every forged token with 401 token 解析失败！, like the auth service', async () => {
    const forged = forgedTokens(token, publicKey);
    for (const [name, bad] of Object.entries(forged)) {
      const atClient = await request(client.server).get(DETAILS).set('Authorization', `Bearer ${bad}`);
      expect(atClient.status, name).to.equal(401);
      expect(atClient.body, name).to.deep.equal(INVALID);
      expect(atClient.headers['www-authenticate'], name).to.equal('Bearer error="invalid_token"');
      const atAuth = await request(running.auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${bad}`);
      expect(atAuth.status, `${name} at the auth service`).to.equal(401);
    }
  });

  it('accepts a hand-made token signed with the auth service key, and refuses it under an unknown kid', async () => {
    const pair = running.auth.container.get<KeyRing>(TYPES.KeyRing).activeKey();
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    const key = privateKeyFromText(pair.privateKey);

    await request(client.server).get(DETAILS).set('Authorization', `Bearer ${jwt.sign(claims, key, { algorithm: 'RS256' })}`).expect(200);
    const unknownKid = jwt.sign(claims, key, { algorithm: 'RS256', keyid: 'not-a-known-kid' });
    expect((await request(client.server).get(DETAILS).set('Authorization', `Bearer ${unknownKid}`).expect(401)).body).to.deep.equal(INVALID);
  });

  it('refuses a 100 kB Authorization header with 401, not 431 or 500', async () => {
    const response = await request(client.server).get(DETAILS).set('Authorization', `Bearer ${'a'.repeat(100 * 1024)}`);
    expect(response.status).to.equal(401);
    expect(response.body).to.deep.equal(INVALID);
  });

  it('refuses an expired token with 401 认证令牌已过期！ (client clock two days ahead)', async () => {
    const clock = new FixedClock(new Date(Date.now() + 2 * 24 * 3600 * 1000));
    const late = buildTestClient({ AUTH_SERVER_URL: running.origin }, (container) => container.rebind(TYPES.Clock).toConstantValue(clock));
    try {
      await late.provider.refresh();
      const response = await request(late.server).get(DETAILS).set('Authorization', `Bearer ${token}`).expect(401);
      expect(response.body).to.deep.equal({ success: false, status: 401, msg: '认证令牌已过期！', data: null });
      expect(response.headers['www-authenticate']).to.equal('Bearer error="invalid_token", error_description="The access token expired"');
    } finally {
      await late.close();
    }
  });

  it('checks the issuer when one is configured', async () => {
    const strict = buildTestClient({ AUTH_SERVER_URL: running.origin, AUTH_ISSUER: 'https://someone-else.example/auth' });
    try {
      await strict.provider.refresh();
      expect((await request(strict.server).get(DETAILS).set('Authorization', `Bearer ${token}`).expect(401)).body).to.deep.equal(INVALID);
    } finally {
      await strict.close();
    }
  });

  it('lets OPTIONS through without a token', async () => {
    const response = await request(client.server).options(DETAILS);
    expect(response.status).to.not.equal(401);
  });

  it('serves static files without a token and answers unknown paths 404 in the envelope', async () => {
    const page = await request(client.server).get('/auth-client-demo/static/index.html').expect(200);
    expect(page.text).to.include('auth client demo');
    const missing = await request(client.server).get('/auth-client-demo/nothing/here').expect(404);
    expect(missing.body).to.deep.equal({ success: false, status: 404, msg: '请求的资源不存在', data: null });
  });

  it("serves none of the auth service's own endpoints", async () => {
    await request(client.server).post('/auth-client-demo/oauth/jwt/token').send({ username: 'a', password: 'b' }).expect(404);
    await request(client.server).get('/auth-client-demo/client/user/secret/key?appId=a&appSecret=b').expect(404);
  });

  it('shows the key provider in health, UP with details, and exposes every actuator endpoint without a token', async () => {
    const health = await request(client.server).get('/auth-client-demo/actuator/health').expect(200);
    expect(health.body.status).to.equal('UP');
    const key = health.body.components.publicKey;
    expect(key.status).to.equal('UP');
    expect(key.details).to.include({ kid: client.provider.state().kid, method: 'rsa', source: 'jwks', stale: false, lastError: null });
    expect(key.details.kids).to.deep.equal([client.provider.state().kid]);
    // Earlier tests here (an unknown kid) caused a refetch, which found the same keys.
    expect(['replaced', 'unchanged']).to.include(key.details.lastOutcome);
    expect(key.details.lastSuccessAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(JSON.stringify(health.body)).to.not.include(publicKey);

    const index = await request(client.server).get('/auth-client-demo/actuator').expect(200);
    expect(Object.keys(index.body._links)).to.deep.equal(['self', 'health', 'info', 'prometheus']);
    const info = await request(client.server).get('/auth-client-demo/actuator/info').expect(200);
    expect(info.body).to.include({ name: 'auth-client-demo', signMethod: 'rsa', keyEndpoint: `${running.origin}/auth/client/user/secret/key` });
    expect(JSON.stringify(info.body)).to.not.include('123456');
  });
});
