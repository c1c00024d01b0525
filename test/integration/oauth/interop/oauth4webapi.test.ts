import { expect } from 'chai';
import * as oauth from 'oauth4webapi';
import { INTEROP_CLIENT, OTHER_CLIENT, startInteropServer, type InteropServer } from '../../../support/oauthInteropServer';

type Mode = 'oidc' | 'oauth2';
const METHODS = [
  { name: 'client_secret_basic', auth: (secret: string) => oauth.ClientSecretBasic(secret) },
  { name: 'client_secret_post', auth: (secret: string) => oauth.ClientSecretPost(secret) },
] as const;
/** The service listens on plain HTTP in tests. */
const INSECURE = { [oauth.allowInsecureRequests]: true } as const;

/**
 * oauth4webapi (the low-level library under openid-client 6) against the real,
 * listening auth service: discovery in both modes, both grants (the password
 * grant as a generic token endpoint request), userinfo, revocation with both
 * client authentication methods.
 */
describe('interop: oauth4webapi', () => {
  let server: InteropServer;
  const client: oauth.Client = { client_id: INTEROP_CLIENT.id };

  before(async () => {
    server = await startInteropServer();
  });
  after(() => server?.auth.close());

  async function discover(mode: Mode): Promise<oauth.AuthorizationServer> {
    const issuer = new URL(server.issuer);
    return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: mode, ...INSECURE }));
  }

  const userinfo = async (as: oauth.AuthorizationServer, token: string, subject: string) =>
    oauth.processUserInfoResponse(as, client, subject, await oauth.userInfoRequest(as, client, token, INSECURE));

  async function expectRefused(as: oauth.AuthorizationServer, token: string, subject: string): Promise<void> {
    const failure = await userinfo(as, token, subject).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(oauth.WWWAuthenticateChallengeError);
    expect((failure as oauth.WWWAuthenticateChallengeError).status).to.equal(401);
  }

  for (const mode of ['oidc', 'oauth2'] as const) {
    it(`discovers the service (${mode === 'oidc' ? 'openid-configuration' : 'RFC 8414 path-inserted'})`, async () => {
      const as = await discover(mode);
      expect(as.issuer).to.equal(server.issuer);
      expect(as.token_endpoint).to.equal(`${server.issuer}/oauth/token`);
      expect(as.revocation_endpoint_auth_methods_supported).to.include('client_secret_post');
    });

    for (const method of METHODS) {
      it(`${mode}, ${method.name}: client_credentials and password grants, userinfo, revocation`, async () => {
        const as = await discover(mode);
        const authentication = method.auth(INTEROP_CLIENT.secret);
        const clientToken = await oauth.processClientCredentialsResponse(
          as,
          client,
          await oauth.clientCredentialsGrantRequest(as, client, authentication, {}, INSECURE),
        );
        expect(await userinfo(as, clientToken.access_token, INTEROP_CLIENT.id)).to.deep.equal({ sub: INTEROP_CLIENT.id, client_id: INTEROP_CLIENT.id });
        const userToken = await oauth.processGenericTokenEndpointResponse(
          as,
          client,
          await oauth.genericTokenEndpointRequest(as, client, authentication, 'password', { username: 'admin', password: 'any' }, INSECURE),
        );
        expect(await userinfo(as, userToken.access_token, '1')).to.include({ sub: '1', account: 'admin' });

        for (const token of [clientToken.access_token, userToken.access_token]) {
          await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, authentication, token, INSECURE));
        }
        await expectRefused(as, clientToken.access_token, INTEROP_CLIENT.id);
        await expectRefused(as, userToken.access_token, '1');
      });
    }
  }

  it("answers another client's revocation with unauthorized_client (RFC 7009 §2.1), leaving the token valid", async () => {
    const as = await discover('oauth2');
    const token = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(INTEROP_CLIENT.secret), {}, INSECURE),
    );
    const other: oauth.Client = { client_id: OTHER_CLIENT.id };
    const failure = await oauth
      .processRevocationResponse(await oauth.revocationRequest(as, other, oauth.ClientSecretPost(OTHER_CLIENT.secret), token.access_token, INSECURE))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).to.be.instanceOf(oauth.ResponseBodyError);
    expect((failure as oauth.ResponseBodyError).error).to.equal('unauthorized_client');
    expect(await userinfo(as, token.access_token, INTEROP_CLIENT.id)).to.include({ client_id: INTEROP_CLIENT.id });
  });
});
