import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { authTestConfig } from '../../support/authTestServer';
import { basic, expectOAuthError } from '../../support/oauthTestHttp';

const REVOKE = '/auth/oauth/revoke';
const TOKEN = '/auth/oauth/token';
const USERINFO = '/auth/oauth/userinfo';
/** Base64 of `id:secret` exactly as given: the caller does (or deliberately does not do) the RFC 6749 §2.3.1 form-encoding. */
const rawBasic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;


describe('RFC 7009 revocation endpoint: RFC 6749 errors, one client-authentication decoder, client binding', () => {
  let auth: AuthServer;

  before(async () => {
    // Generous limits: this file sends many failing requests from one address on purpose.
    auth = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: 'svc-a:secret a,svc-b:secret-b', AUTH_LOGIN_MAX_ATTEMPTS: '1000' }));
  });
  after(() => auth?.close());

  const revoke = (body: Record<string, string> | string) => request(auth.server).post(REVOKE).type('form').send(body);
  const userinfo = (token: string) => request(auth.server).get(USERINFO).set('Authorization', `Bearer ${token}`);
  const clientToken = async (id: string, secret: string) =>
    (await request(auth.server).post(TOKEN).set('Authorization', basic(id, secret)).type('form').send({ grant_type: 'client_credentials' }).expect(200)).body.access_token as string;
  const passwordGrant = async (id: string, secret: string) =>
    (await request(auth.server).post(TOKEN).type('form').send({ grant_type: 'password', username: 'admin', password: 'x', client_id: id, client_secret: secret }).expect(200)).body
      .access_token as string;
  const login = async () => (await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200)).body.data.access_token as string;

  it('tokens from the token endpoint name their client in client_id, both grants; the login endpoint\'s name none', async () => {
    expect(claimsOf(await clientToken('svc-a', 'secret a'))).to.include({ client_id: 'svc-a', sub: 'svc-a' });
    const user = claimsOf(await passwordGrant('svc-a', 'secret a'));
    expect(user).to.include({ client_id: 'svc-a', account: 'admin', sub: '1' });
    expect(claimsOf(await login())).not.to.have.property('client_id');
  });

  it("refuses a client revoking another client's token with unauthorized_client, and the token keeps working (finding 3)", async () => {
    for (const token of [await clientToken('svc-a', 'secret a'), await passwordGrant('svc-a', 'secret a')]) {
      expectOAuthError(await revoke({ token }).set('Authorization', basic('svc-b', 'secret-b')), 400, 'unauthorized_client');
      expectOAuthError(await revoke({ token, client_id: 'svc-b', client_secret: 'secret-b' }), 400, 'unauthorized_client');
      expect((await userinfo(token)).status).to.equal(200);
      // Its own client may.
      await revoke({ token }).set('Authorization', basic('svc-a', 'secret a')).expect(200);
      expect((await userinfo(token)).status).to.equal(401);
    }
  });

  it("lets any registered client revoke a token issued to no client (the login endpoint's)", async () => {
    const token = await login();
    const res = await revoke({ token, client_id: 'svc-b', client_secret: 'secret-b' }).expect(200);
    expect(res.headers['cache-control']).to.equal('no-store');
    expect((await userinfo(token)).status).to.equal(401);
  });

  it('accepts client_secret_post, and decodes Basic as the token endpoint does (`+` is a space, percent-decoding)', async () => {
    const plus = rawBasic('svc-a:secret+a');
    const percent = rawBasic('svc%2Da:secret%20a');
    for (const header of [plus, percent, basic('svc-a', 'secret a')]) {
      expect((await request(auth.server).post(TOKEN).set('Authorization', header).type('form').send({ grant_type: 'client_credentials' })).status, header).to.equal(200);
      const token = await clientToken('svc-a', 'secret a');
      expect((await revoke({ token }).set('Authorization', header)).status, header).to.equal(200);
      expect((await userinfo(token)).status).to.equal(401);
    }
    const token = await clientToken('svc-a', 'secret a');
    await revoke({ token, client_id: 'svc-a', client_secret: 'secret a' }).expect(200);
    expect((await userinfo(token)).status).to.equal(401);
  });

  it('invalid_client: 401 with a Basic challenge when Basic was used, 400 without one otherwise', async () => {
    for (const header of [basic('svc-a', 'wrong'), basic('nobody', 'secret a'), 'Basic !!!', 'Basic ']) {
      const res = await revoke({ token: 'x.y.z' }).set('Authorization', header);
      expectOAuthError(res, 401, 'invalid_client');
      expect(res.headers['www-authenticate']).to.match(/^Basic realm="/);
    }
    for (const body of [{ token: 'x.y.z', client_id: 'svc-a', client_secret: 'wrong' }, { token: 'x.y.z' }] as Array<Record<string, string>>) {
      const res = await revoke(body);
      expectOAuthError(res, 400, 'invalid_client');
      expect(res.headers['www-authenticate']).to.equal(undefined);
    }
  });

  it('invalid_request: no token, a repeated one, not a form, both authentication methods at once, a secret without an id', async () => {
    const svcA = basic('svc-a', 'secret a');
    expectOAuthError(await revoke({}).set('Authorization', svcA), 400, 'invalid_request');
    expectOAuthError(await revoke('token=a&token=b').set('Authorization', svcA), 400, 'invalid_request');
    expectOAuthError(await request(auth.server).post(REVOKE).set('Authorization', svcA).send({ token: 'x.y.z' }), 400, 'invalid_request');
    expectOAuthError(await revoke({ token: 'x.y.z', client_secret: 'secret a' }).set('Authorization', svcA), 400, 'invalid_request');
    expectOAuthError(await revoke({ token: 'x.y.z', client_secret: 'secret a' }), 400, 'invalid_request');
  });

  it('refuses control and other non-printable characters in client ids with invalid_request, at revocation and token endpoint, never a 5xx', async () => {
    for (const id of ['svc\u0000a', 'svc\u0001a', 'svc\u007fa', 'svc\u0085a', 'svc\u200ba', 'svc\ud800a']) {
      const encoded = encodeURIComponent(id.replace('\ud800', '\u0000'));
      const viaPost = await revoke({ token: 'x.y.z', client_id: id, client_secret: 'secret a' });
      expect(viaPost.status, JSON.stringify(id)).to.be.oneOf([400, 401]);
      expect(viaPost.body.error).to.be.oneOf(['invalid_request', 'invalid_client']);
      for (const target of [REVOKE, TOKEN]) {
        const res = await request(auth.server).post(target).set('Authorization', rawBasic(`${encoded}:secret+a`)).type('form').send({ token: 'x.y.z', grant_type: 'client_credentials' });
        expectOAuthError(res, 400, 'invalid_request');
      }
    }
    expectOAuthError(await request(auth.server).post(TOKEN).type('form').send({ grant_type: 'client_credentials', client_id: 'svc\u0001a', client_secret: 's' }), 400, 'invalid_request');
  });

  it('treats token_type_hint as a hint: refresh_token or an unknown hint still finds and revokes the access token', async () => {
    for (const hint of ['refresh_token', 'access_token', 'urn:example:other']) {
      const token = await login();
      await revoke({ token, token_type_hint: hint }).set('Authorization', basic('svc-a', 'secret a')).expect(200);
      expect((await userinfo(token)).status).to.equal(401);
    }
  });

  it('refuses a revoked bearer signing out again with 401 invalid_token (RFC 6750), not a silent 200', async () => {
    const token = await login();
    await revoke({ token }).set('Authorization', `Bearer ${token}`).expect(200);
    const again = await revoke({ token }).set('Authorization', `Bearer ${token}`);
    expectOAuthError(again, 401, 'invalid_token');
    expect(again.headers['www-authenticate']).to.match(/^Bearer error="invalid_token"/);
  });

  it('keeps the original login endpoint and its envelope as they were', async () => {
    const res = await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);
    expect(Object.keys(res.body)).to.deep.equal(['success', 'status', 'msg', 'data']);
  });
});
