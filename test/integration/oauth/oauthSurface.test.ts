import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { authTestConfig } from '../../support/authTestServer';

const USERINFO = '/auth/oauth/userinfo';

/** Finding 9, the parts that are not revocation: userinfo by POST, no-store, the RFC 8414 path-inserted metadata, discovery. */
describe('OAuth surface: userinfo by GET and POST, no-store, RFC 8414 path-inserted metadata', () => {
  let auth: AuthServer;
  let token: string;

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: 'svc:s3cret', AUTH_SIGN_METHOD: 'hmac' }));
    token = (await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200)).body.data.access_token;
  });
  after(() => auth?.close());

  it('answers userinfo by GET and by POST (OIDC Core §5.3.1), never stored by a cache', async () => {
    const byGet = await request(auth.server).get(USERINFO).set('Authorization', `Bearer ${token}`).expect(200);
    const byPost = await request(auth.server).post(USERINFO).set('Authorization', `Bearer ${token}`).expect(200);
    const byForm = await request(auth.server).post(USERINFO).type('form').send({ access_token: token }).expect(200);
    for (const res of [byGet, byPost, byForm]) {
      expect(res.body).to.deep.equal(byGet.body);
      expect(res.body).to.include({ sub: '1', account: 'admin' });
      expect(res.headers['cache-control']).to.equal('no-store');
    }
  });

  it('refuses a POST carrying the token twice (header and form) with invalid_request; no token at all is the bare challenge', async () => {
    const twice = await request(auth.server).post(USERINFO).set('Authorization', `Bearer ${token}`).type('form').send({ access_token: token });
    expect(twice.status).to.equal(400);
    expect(twice.body).to.deep.include({ error: 'invalid_request' });
    const none = await request(auth.server).post(USERINFO).type('form').send({});
    expect(none.status).to.equal(401);
    expect(none.headers['www-authenticate']).to.equal('Bearer');
    // The query is no bearer method here (RFC 6750 §2.3: URLs end up in logs).
    expect((await request(auth.server).get(`${USERINFO}?access_token=${token}`)).status).to.equal(401);
  });

  it('sends Cache-Control: no-store from the key endpoints (with hmac they return the signing secret), answers and refusals', async () => {
    for (const path of ['/auth/client/user/secret/key', '/auth/client/user/secret/keys']) {
      const ok = await request(auth.server).get(path).query({ appId: 'svc', appSecret: 's3cret' }).expect(200);
      expect(ok.headers['cache-control'], path).to.equal('no-store');
      const refused = await request(auth.server).get(path).query({ appId: 'svc', appSecret: 'wrong' }).expect(401);
      expect(refused.headers['cache-control'], path).to.equal('no-store');
    }
  });

  it('serves the RFC 8414 §3.1 path-inserted metadata at the host root, the same document as under the context path', async () => {
    const primary = await request(auth.server).get('/auth/.well-known/oauth-authorization-server').expect(200);
    const inserted = await request(auth.server).get('/.well-known/oauth-authorization-server/auth').expect(200);
    const openid = await request(auth.server).get('/auth/.well-known/openid-configuration').expect(200);
    expect(inserted.body).to.deep.equal(primary.body);
    expect(openid.body).to.deep.equal(primary.body);
    expect(inserted.headers['cache-control']).to.equal(primary.headers['cache-control']);
    expect(inserted.headers['content-type']).to.match(/^application\/json/);
    expect((await request(auth.server).get('/.well-known/oauth-authorization-server/other')).status).to.equal(404);
    expect((await request(auth.server).get('/.well-known/oauth-authorization-server')).status).to.equal(404);
  });

  it('advertises what the endpoints accept: both secret methods at revocation, the token endpoint methods it reads', async () => {
    const metadata = (await request(auth.server).get('/.well-known/oauth-authorization-server/auth').expect(200)).body;
    expect(metadata.revocation_endpoint_auth_methods_supported).to.deep.equal(['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none']);
    expect(metadata.token_endpoint_auth_methods_supported).to.deep.equal(['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none']);
    expect(metadata.revocation_endpoint).to.equal('http://localhost/auth/oauth/revoke');
  });
});

describe('RFC 8414 path-inserted metadata under another context path, of two segments', () => {
  let auth: AuthServer;
  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_CONTEXT_PATH: 'id/sso', AUTH_ISSUER: 'http://localhost/id/sso' }));
  });
  after(() => auth?.close());

  it('lives at /.well-known/oauth-authorization-server/<context path>, and the OpenAPI document names that path', async () => {
    const res = await request(auth.server).get('/.well-known/oauth-authorization-server/id/sso').expect(200);
    expect(res.body.issuer).to.equal('http://localhost/id/sso');
    for (const other of ['/.well-known/oauth-authorization-server/auth', '/.well-known/oauth-authorization-server/id']) {
      expect((await request(auth.server).get(other)).status, other).to.equal(404);
    }
    const document = (await request(auth.server).get('/id/sso/v3/api-docs').expect(200)).body;
    expect(document.paths['/.well-known/oauth-authorization-server/id/sso'].servers).to.deep.equal([{ url: '/', description: 'the server root' }]);
  });
});
