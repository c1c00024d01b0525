import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { addUserOn } from '../support/addTestUser';
import { authTestConfig } from '../support/authTestServer';
import { rawRequest } from '../support/rawHttp';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';
import { fastPasswordHashing } from '../support/fastPasswordHashing';

const LOGIN = '/auth/oauth/jwt/token';
const KEY = '/auth/client/user/secret/key';
const INCOMPLETE = { success: false, status: 400, msg: '登录认证信息不全!!!', data: null };
const BAD_REQUEST = { success: false, status: 400, msg: '请求参数错误', data: null };

const CONTROLS = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).concat('\u007f');
/** Values no account, password or client credential may hold. */
const HOSTILE = [
  ...CONTROLS.map((control) => `bo${control}b`),
  'bob\ud800',
  '\udfffbob',
  'b\udc00\ud800b',
  'p'.repeat(100_000),
];

for (const backend of STORE_BACKENDS) {
  describe(`hostile text in credentials and parameters (${backend.name}, database user store)`, function () {
    this.timeout(60_000);
    let database: SharedDatabase;
    let auth: AuthServer;

    before(async () => {
      database = await backend.create();
      // A limit no test here reaches: every hostile value must be answered 400, not 429.
      const config = authTestConfig({ AUTH_USER_STORE: 'database', AUTH_DATABASE_URL: database.url, AUTH_LOGIN_MAX_ATTEMPTS: '100000', AUTH_CLIENTS: 'svc:s3cret' });
      auth = await buildAuthServer(config, { configure: fastPasswordHashing(config) });
      await addUserOn(auth).execute({ account: 'bob', password: 'hunter22', nickName: 'Bob' });
    });

    after(async () => {
      await auth?.close();
      await database?.dispose();
    });

    it('answers 400 登录认证信息不全!!! to a control character, lone surrogate or over-long username', async () => {
      for (const username of [...HOSTILE, 'b'.repeat(257)]) {
        const res = await request(auth.server).post(LOGIN).send({ username, password: 'hunter22' });
        expect([res.status, res.body], JSON.stringify(username.slice(0, 8))).to.deep.equal([400, INCOMPLETE]);
      }
    });

    it('answers the same to such a password, and to such a code', async () => {
      for (const password of [...HOSTILE, 'p'.repeat(1025)]) {
        const res = await request(auth.server).post(LOGIN).send({ username: 'bob', password });
        expect([res.status, res.body], JSON.stringify(password.slice(0, 8))).to.deep.equal([400, INCOMPLETE]);
      }
      const res = await request(auth.server).post(LOGIN).send({ username: 'bob', password: 'hunter22', code: 'a\u0000' });
      expect(res.body).to.deep.equal(INCOMPLETE);
    });

    it('answers 400 请求参数错误 to such an appId or appSecret on the key endpoint', async () => {
      for (const value of [...CONTROLS.map((control) => `svc${control}`), 's'.repeat(257)]) {
        for (const query of [{ appId: value, appSecret: 's3cret' }, { appId: 'svc', appSecret: value }]) {
          const res = await request(auth.server).get(KEY).query(query);
          expect([res.status, res.body], JSON.stringify(query)).to.deep.equal([400, BAD_REQUEST]);
        }
      }
      // Invalid UTF-8 in the query (what a lone surrogate becomes on the wire) never matches a client.
      const raw = await request(auth.server).get(`${KEY}?appId=svc%ED%A0%80&appSecret=s3cret`);
      expect(raw.status).to.be.oneOf([400, 401]);
    });

    it('answers a control character or an over-long header with the envelope, not a bare status line', async () => {
      const port = await listening(auth);
      const cases: Array<Record<string, string>> = [{ 'X-Name': 'a\u0000b' }, { Authorization: 'Bearer a\u0001b' }, { 'X-Long': 'a'.repeat(300 * 1024) }];
      for (const headers of cases) {
        const res = await rawRequest(port, `GET ${LOGIN} HTTP/1.1`, { Host: '127.0.0.1', ...headers });
        expect(res.status, Object.keys(headers)[0]).to.equal(400);
        expect(res.headers['content-type']).to.match(/^application\/json/);
        expect(JSON.parse(res.body)).to.deep.equal(BAD_REQUEST);
      }
    });

    it('still logs the real user in afterwards', async () => {
      const res = await request(auth.server).post(LOGIN).send({ username: 'bob', password: 'hunter22' });
      expect(res.status).to.equal(200);
    });
  });
}

/** The service's port, listening on an ephemeral one first if it is not yet. */
async function listening(auth: AuthServer): Promise<number> {
  const address = auth.server.address();
  if (address && typeof address === 'object') return address.port;
  return (await auth.listen(0)).port;
}
