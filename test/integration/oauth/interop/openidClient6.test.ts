import { expect } from 'chai';
import * as client from 'openid-client';
import { INTEROP_CLIENT, OTHER_CLIENT, startInteropServer, type InteropServer } from '../../../support/oauthInteropServer';

type Mode = 'oidc' | 'oauth2';
const MODES: ReadonlyArray<{ mode: Mode; name: string }> = [
  { mode: 'oidc', name: 'OpenID discovery (/.well-known/openid-configuration)' },
  { mode: 'oauth2', name: 'RFC 8414 discovery (/.well-known/oauth-authorization-server/auth)' },
];
const METHODS = [
  { name: 'client_secret_basic', auth: (secret: string) => client.ClientSecretBasic(secret) },
  { name: 'client_secret_post', auth: (secret: string) => client.ClientSecretPost(secret) },
] as const;

/**
 * openid-client 6 against the real, listening auth service: discovery in both
 * modes, both grants, userinfo (GET and POST), revocation with both client
 * authentication methods, and the RFC 7009 §2.1 binding of tokens to clients.
 */
describe('interop: openid-client 6', () => {
  let server: InteropServer;

  before(async () => {
    server = await startInteropServer();
  });
  after(() => server?.auth.close());

  const discover = (mode: Mode, authentication: client.ClientAuth, clientId: string = INTEROP_CLIENT.id) =>
    client.discovery(new URL(server.issuer), clientId, undefined, authentication, { algorithm: mode, execute: [client.allowInsecureRequests] });

  /** The library's own error for a refused bearer token: a 401 WWW-Authenticate challenge. */
  async function expectRefused(promise: Promise<unknown>): Promise<void> {
    const failure = await promise.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(client.WWWAuthenticateChallengeError);
    expect((failure as client.WWWAuthenticateChallengeError).status).to.equal(401);
  }

  for (const { mode, name } of MODES) {
    it(`discovers the service with ${name}`, async () => {
      const metadata = (await discover(mode, client.ClientSecretBasic(INTEROP_CLIENT.secret))).serverMetadata();
      expect(metadata.issuer).to.equal(server.issuer);
      expect(metadata.revocation_endpoint).to.equal(`${server.issuer}/oauth/revoke`);
      expect(metadata.revocation_endpoint_auth_methods_supported).to.deep.equal(['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none']);
    });

    for (const method of METHODS) {
      it(`${mode}, ${method.name}: client_credentials, userinfo by GET and POST, revocation, userinfo refused after`, async () => {
        const config = await discover(mode, method.auth(INTEROP_CLIENT.secret));
        const token = await client.clientCredentialsGrant(config);
        expect(await client.fetchUserInfo(config, token.access_token, INTEROP_CLIENT.id)).to.deep.equal({ sub: INTEROP_CLIENT.id, client_id: INTEROP_CLIENT.id });
        const byPost = await client.fetchProtectedResource(config, token.access_token, new URL(`${server.issuer}/oauth/userinfo`), 'POST');
        expect(await byPost.json()).to.deep.equal({ sub: INTEROP_CLIENT.id, client_id: INTEROP_CLIENT.id });
        await client.tokenRevocation(config, token.access_token);
        await expectRefused(client.fetchUserInfo(config, token.access_token, INTEROP_CLIENT.id));
      });

      it(`${mode}, ${method.name}: password grant (generic grant request), userinfo, revocation`, async () => {
        const config = await discover(mode, method.auth(INTEROP_CLIENT.secret));
        const token = await client.genericGrantRequest(config, 'password', { username: 'admin', password: 'any' });
        expect(token.token_type.toLowerCase()).to.equal('bearer');
        expect(await client.fetchUserInfo(config, token.access_token, '1')).to.include({ sub: '1', account: 'admin' });
        await client.tokenRevocation(config, token.access_token, { token_type_hint: 'access_token' });
        await expectRefused(client.fetchUserInfo(config, token.access_token, '1'));
      });
    }
  }

  it("refuses another client's revocation of a token (unauthorized_client); the token keeps working", async () => {
    const owner = await discover('oauth2', client.ClientSecretPost(INTEROP_CLIENT.secret));
    const other = await discover('oauth2', client.ClientSecretBasic(OTHER_CLIENT.secret), OTHER_CLIENT.id);
    const token = await client.clientCredentialsGrant(owner);
    const failure = await client.tokenRevocation(other, token.access_token).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(client.ResponseBodyError);
    expect((failure as client.ResponseBodyError).error).to.equal('unauthorized_client');
    expect(await client.fetchUserInfo(owner, token.access_token, INTEROP_CLIENT.id)).to.include({ sub: INTEROP_CLIENT.id });
  });
});
