import { expect } from 'chai';
import { createPublicKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import type { SignMethod } from '@auth-service/client';
import { jwkThumbprint } from '@auth-service/client';
import { CLIENT, CLIENTS_ENV, expectCleanErrorBody, failureBody, KEY_PATH, LOGIN_PATH, METHODS, MSG } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { decodeJws } from '../support/compactJws';

const LOGIN_BODY_WITHOUT_TOKEN =
  '{"success":true,"status":200,"msg":"登录成功!","data":{"access_token":"<JWT>","token_type":null,"refresh_token":null,' +
  '"expires_in":null,"scope":null,"path":null,"info":{"tenantId":null,"telephone":null,"userType":"4","avatar":null,' +
  '"nickName":"管理员","grade":null}}}';

/** The verification key as a client gets it from the key endpoint. */
async function distributedKey(origin: string, method: SignMethod): Promise<KeyObject | Buffer> {
  const res = await request(origin).get(KEY_PATH).query(CLIENT).expect(200);
  const data = (res.body as { data: string }).data;
  return method === 'hmac' ? Buffer.from(data, 'base64') : createPublicKey({ key: Buffer.from(data, 'base64'), format: 'der', type: 'spki' });
}

const INCOMPLETE_BODIES: ReadonlyArray<[string, (test: request.Test) => request.Test]> = [
  ['an absent body', (t) => t],
  ['an empty JSON request', (t) => t.set('Content-Type', 'application/json')],
  ['a JSON null body', (t) => t.set('Content-Type', 'application/json').send('null')],
  ['a JSON array body', (t) => t.send([{ username: 'admin', password: 'x' }])],
  ['a JSON string body', (t) => t.set('Content-Type', 'application/json').send('"admin"')],
  ['a form body', (t) => t.type('form').send('username=admin&password=x')],
  ['an empty object', (t) => t.send({})],
  ['a missing username', (t) => t.send({ password: 'x' })],
  ['a missing password', (t) => t.send({ username: 'admin' })],
  ['an empty username', (t) => t.send({ username: '', password: 'x' })],
  ['an empty password', (t) => t.send({ username: 'admin', password: '' })],
  ['a blank username', (t) => t.send({ username: '   ', password: 'x' })],
  ['a null username', (t) => t.send({ username: null, password: 'x' })],
  ['a numeric username', (t) => t.send({ username: 123, password: 'x' })],
  ['a boolean password', (t) => t.send({ username: 'admin', password: true })],
  ['an object password', (t) => t.send({ username: 'admin', password: { $ne: '' } })],
  ['an array username', (t) => t.send({ username: ['admin'], password: 'x' })],
];

for (const { method, alg } of METHODS) {
  describe(`login (${method})`, () => {
    let server: RunningAuthServer;

    before(async () => {
      server = await startAuthServer({ AUTH_SIGN_METHOD: method, AUTH_CLIENTS: CLIENTS_ENV });
    });

    after(async () => {
      await server.auth.close();
    });

    it('answers 200 with the documented body: key order, nulls present', async () => {
      const res = await request(server.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'whatever' });

      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
      const body = res.body as { data: { access_token: string } };
      expect(body.data.access_token).to.match(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(JSON.stringify({ ...body, data: { ...body.data, access_token: '<JWT>' } })).to.equal(LOGIN_BODY_WITHOUT_TOKEN);
      expect(res.text).to.equal(LOGIN_BODY_WITHOUT_TOKEN.replace('<JWT>', body.data.access_token));
    });

    it('accepts an optional code and any password (the stub login)', async () => {
      for (const body of [
        { username: 'admin', password: 'x', code: '1234' },
        { username: 'someone-else', password: 'wrong' },
        { username: 'admin', password: 'x', code: null },
      ]) {
        const res = await request(server.origin).post(LOGIN_PATH).send(body);
        expect(res.status, JSON.stringify(body)).to.equal(200);
        expect((res.body as { data: { info: { nickName: string } } }).data.info.nickName).to.equal('管理员');
      }
    });

    for (const [label, build] of INCOMPLETE_BODIES) {
      it(`answers 400 with the incomplete-input envelope for ${label}`, async () => {
        const res = await build(request(server.origin).post(LOGIN_PATH));
        expect(res.status).to.equal(400);
        expect(res.text).to.equal(failureBody(400, MSG.loginInputIncomplete));
        expectCleanErrorBody(res);
      });
    }

    it(`signs a token whose header is typ JWT, alg ${alg} and the active kid`, async () => {
      const res = await request(server.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'x' }).expect(200);
      const token = (res.body as { data: { access_token: string } }).data.access_token;

      const { header } = decodeJws(token);
      const health = await request(server.origin).get('/auth/actuator/health').expect(200);
      const kid = (health.body as { components: { signingKey: { details: { kid: string } } } }).components.signingKey.details.kid;
      expect(header).to.deep.equal({ alg, typ: 'JWT', kid });
      if (method !== 'hmac') {
        expect(kid).to.equal(jwkThumbprint((await distributedKey(server.origin, method)) as KeyObject));
      }
    });

    it('puts the documented claims in the token, and no null profile fields', async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await request(server.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'x' }).expect(200);
      const after = Math.floor(Date.now() / 1000);
      const { payload } = decodeJws((res.body as { data: { access_token: string } }).data.access_token);

      expect(Object.keys(payload)).to.deep.equal(['account', 'nickName', 'userId', 'userType', 'sub', 'iss', 'iat', 'exp', 'jti']);
      expect(payload).to.include({ account: 'admin', nickName: '管理员', userId: '1', userType: '4', sub: '1', iss: 'http://localhost/auth' });
      expect(payload.iat).to.be.within(before, after);
      expect(payload.exp).to.equal((payload.iat as number) + 18000);
      expect(payload.jti).to.be.a('string').that.is.not.empty;
    });

    it('gives every token a different jti', async () => {
      const jtis = new Set<unknown>();
      for (let i = 0; i < 3; i++) {
        const res = await request(server.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'x' }).expect(200);
        jtis.add(decodeJws((res.body as { data: { access_token: string } }).data.access_token).payload.jti);
      }
      expect(jtis.size).to.equal(3);
    });

    it('signs tokens that verify with the key the key endpoint hands out', async () => {
      const res = await request(server.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'x' }).expect(200);
      const token = (res.body as { data: { access_token: string } }).data.access_token;

      const claims = jwt.verify(token, await distributedKey(server.origin, method), {
        algorithms: [alg as jwt.Algorithm],
        issuer: 'http://localhost/auth',
      }) as jwt.JwtPayload;
      expect(claims.account).to.equal('admin');
    });
  });
}

describe('login with configured algorithm, lifetime and issuer', () => {
  for (const { method, alg } of [
    { method: 'rsa', alg: 'PS256' },
    { method: 'ecdsa', alg: 'ES384' },
    { method: 'hmac', alg: 'HS512' },
  ]) {
    it(`${method} ${alg}: signs with ${alg}, exp = iat + AUTH_TOKEN_TTL_SECONDS, iss = AUTH_ISSUER`, async () => {
      const server = await startAuthServer({
        AUTH_SIGN_METHOD: method,
        AUTH_SIGN_ALG: alg,
        AUTH_TOKEN_TTL_SECONDS: '60',
        AUTH_ISSUER: 'https://id.example.com/auth',
      });
      try {
        const res = await request(server.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'x' }).expect(200);
        const token = (res.body as { data: { access_token: string } }).data.access_token;
        const { header, payload } = decodeJws(token);
        expect(header.alg).to.equal(alg);
        expect(payload.exp).to.equal((payload.iat as number) + 60);
        expect(payload.iss).to.equal('https://id.example.com/auth');
        await request(server.origin).get('/auth/current/user/details').set('Authorization', `Bearer ${token}`).expect(200);
      } finally {
        await server.auth.close();
      }
    });
  }
});
