import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { authTestConfig } from '../../support/authTestServer';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';

/** C0 (NUL, which PostgreSQL cannot store), DEL, C1 (NEL), a zero-width space, a bidi override: none printable. */
const NON_PRINTABLE_IDS = ['svc\u0000', 'svc\u0001', 'svc\u007f', 'svc\u0085', 'svc\u200b', 'svc\u202e'];

type Probe = (auth: AuthServer, id: string) => Promise<request.Response>;

const basicOf = (id: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:s3cret`).toString('base64')}`;

/** Every endpoint that authenticates a client, each way it reads the client id. */
const PROBES: Readonly<Record<string, Probe>> = {
  'token endpoint, Basic': (auth, id) => request(auth.server).post('/auth/oauth/token').set('Authorization', basicOf(id)).type('form').send({ grant_type: 'client_credentials' }),
  'token endpoint, form body': (auth, id) => request(auth.server).post('/auth/oauth/token').type('form').send({ grant_type: 'client_credentials', client_id: id, client_secret: 's3cret' }),
  'revocation endpoint, Basic': (auth, id) => request(auth.server).post('/auth/oauth/revoke').set('Authorization', basicOf(id)).type('form').send({ token: 'x.y.z' }),
  'revocation endpoint, form body': (auth, id) => request(auth.server).post('/auth/oauth/revoke').type('form').send({ token: 'x.y.z', client_id: id, client_secret: 's3cret' }),
  'key endpoint': (auth, id) => request(auth.server).get('/auth/client/user/secret/key').query({ appId: id, appSecret: 's3cret' }),
  'key list endpoint': (auth, id) => request(auth.server).get('/auth/client/user/secret/keys').query({ appId: id, appSecret: 's3cret' }),
  'revocation feed': (auth, id) => request(auth.server).get('/auth/client/revocations').query({ appId: id, appSecret: 's3cret' }),
};

for (const backend of STORE_BACKENDS) {
  describe(`non-printable client ids are refused at the edge, never a 5xx (${backend.name})`, function () {
    this.timeout(60_000);
    let database: SharedDatabase;
    let auth: AuthServer;

    before(async () => {
      database = await backend.create();
      auth = await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_CLIENTS: 'svc:s3cret', AUTH_LOGIN_MAX_ATTEMPTS: '100000' }));
    });
    after(async () => {
      await auth?.close();
      await database?.dispose();
    });

    for (const [name, probe] of Object.entries(PROBES)) {
      it(`${name}: 400 invalid_request (RFC 6749 JSON at the OAuth endpoints, the envelope elsewhere)`, async () => {
        for (const id of NON_PRINTABLE_IDS) {
          const res = await probe(auth, id);
          expect(res.status, `${JSON.stringify(id)}: ${res.text}`).to.equal(400);
          if (name.startsWith('token') || name.startsWith('revocation endpoint')) expect(res.body).to.deep.include({ error: 'invalid_request' });
          else expect(res.body).to.deep.include({ success: false, status: 400 });
        }
        // The printable id still authenticates: the refusal is about the text, not the client.
        expect((await probe(auth, 'svc')).status).to.be.oneOf([200]);
      });
    }
  });
}
