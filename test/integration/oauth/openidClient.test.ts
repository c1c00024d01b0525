import { expect } from 'chai';
import * as client from 'openid-client';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { authTestConfig } from '../../support/authTestServer';
import { freePort } from '../../support/freePort';

const CLIENT_ID = 'reporting-service';
const CLIENT_SECRET = 'an s3cret with spaces & symbols';

/**
 * A standard OAuth client (openid-client 6) against the real, listening auth
 * service: discovery, client_credentials, userinfo, the password grant.
 */
describe('OAuth 2.0 endpoints with openid-client, end to end', () => {
  let auth: AuthServer;
  let issuer: string;

  before(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}/auth`;
    auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: issuer, AUTH_CLIENTS: `other:x,${CLIENT_ID}:${CLIENT_SECRET}` }));
    await auth.listen(port);
  });
  after(() => auth?.close());

  const discover = (server: string, authentication: client.ClientAuth) =>
    client.discovery(new URL(server), CLIENT_ID, undefined, authentication, { execute: [client.allowInsecureRequests] });

  it('discovers the RFC 8414 metadata, which names only endpoints that answer (and the OpenID Provider metadata)', async () => {
    const config = await discover(`${issuer}/.well-known/oauth-authorization-server`, client.ClientSecretBasic(CLIENT_SECRET));
    const metadata = config.serverMetadata();
    expect(metadata.issuer).to.equal(issuer);
    expect(metadata.token_endpoint).to.equal(`${issuer}/oauth/token`);
    expect(metadata.userinfo_endpoint).to.equal(`${issuer}/oauth/userinfo`);
    expect(metadata.grant_types_supported).to.deep.equal(['authorization_code', 'client_credentials', 'password', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code']);
    expect(metadata.device_authorization_endpoint).to.equal(`${issuer}/oauth/device_authorization`);
    expect(metadata.authorization_endpoint).to.equal(`${issuer}/oauth/authorize`);
    expect((await fetch(metadata.authorization_endpoint as string)).status, 'the authorization endpoint answers (an error page without a client)').to.equal(400);
    // The same document as openid-configuration: an OpenID Provider's (RS256 key).
    expect(metadata.id_token_signing_alg_values_supported).to.deep.equal(['RS256']);
    for (const url of [metadata.jwks_uri, metadata.service_documentation]) {
      expect((await fetch(url as string)).status, url).to.equal(200);
    }
  });

  for (const [name, authentication] of [
    ['HTTP Basic', () => client.ClientSecretBasic(CLIENT_SECRET)],
    ['the form body', () => client.ClientSecretPost(CLIENT_SECRET)],
  ] as const) {
    it(`gets a client_credentials token (client authenticated by ${name}) and reads userinfo with it`, async () => {
      // Discovery from the issuer: openid-client's default looks at openid-configuration.
      const config = await discover(issuer, authentication());
      const token = await client.clientCredentialsGrant(config);
      expect(token.token_type.toLowerCase()).to.equal('bearer');
      expect(token.expires_in).to.equal(auth.config.oauthAccessTokenTtlSeconds);
      const userinfo = await client.fetchUserInfo(config, token.access_token, CLIENT_ID);
      expect(userinfo).to.deep.equal({ sub: CLIENT_ID, client_id: CLIENT_ID });
    });
  }

  it('gets a user token with the password grant; userinfo and the current-user endpoint both name the user', async () => {
    const config = await discover(issuer, client.ClientSecretBasic(CLIENT_SECRET));
    const token = await client.genericGrantRequest(config, 'password', { username: 'admin', password: 'any' });
    expect(token.token_type.toLowerCase()).to.equal('bearer');
    expect(token.expires_in).to.equal(auth.config.oauthAccessTokenTtlSeconds);
    const userinfo = await client.fetchUserInfo(config, token.access_token, '1');
    expect(userinfo).to.include({ sub: '1', account: 'admin', userId: '1', userType: '4' });
    const current = await request(auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${token.access_token}`).expect(200);
    expect(current.body.data.account).to.equal('admin');
  });

  it('refuses a client token at the current-user endpoint: 401 invalid token envelope, it names no user', async () => {
    const config = await discover(issuer, client.ClientSecretBasic(CLIENT_SECRET));
    const token = await client.clientCredentialsGrant(config);
    const res = await request(auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${token.access_token}`).expect(401);
    expect(Object.keys(res.body)).to.deep.equal(['success', 'status', 'msg', 'data']);
    expect(res.body).to.include({ success: false, status: 401 });
    expect(res.headers['www-authenticate']).to.equal('Bearer error="invalid_token"');
  });

  it('surfaces a wrong client secret to openid-client as a 401 Basic challenge (invalid_client)', async () => {
    const config = await discover(issuer, client.ClientSecretBasic('wrong'));
    const failure = await client.clientCredentialsGrant(config).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(client.WWWAuthenticateChallengeError);
    const challenge = failure as client.WWWAuthenticateChallengeError;
    expect(challenge.status).to.equal(401);
    expect(challenge.cause.map((entry) => entry.scheme)).to.deep.equal(['basic']);
    expect(await challenge.response.json()).to.include({ error: 'invalid_client' });
  });
});
