import { expect } from 'chai';
import * as oauth from 'oauth4webapi';
import { INTEROP_CLIENT, OTHER_CLIENT, startInteropServer, type InteropServer } from '../../../support/oauthInteropServer';

const METHODS = [
  { name: 'client_secret_basic', auth: (secret: string) => oauth.ClientSecretBasic(secret) },
  { name: 'client_secret_post', auth: (secret: string) => oauth.ClientSecretPost(secret) },
] as const;
/** The service listens on plain HTTP in tests. */
const INSECURE = { [oauth.allowInsecureRequests]: true } as const;

/**
 * oauth4webapi's RFC 7662 client (`introspectionRequest` +
 * `processIntrospectionResponse`) against the real, listening auth service,
 * as a gateway or resource service would use it: the endpoint found by
 * discovery, both client authentication methods (a secret that needs the
 * RFC 6749 §2.3.1 form-encoding), access and refresh tokens, revocation.
 */
describe('interop: oauth4webapi token introspection (RFC 7662)', () => {
  let server: InteropServer;
  const app: oauth.Client = { client_id: INTEROP_CLIENT.id };
  const gateway: oauth.Client = { client_id: OTHER_CLIENT.id };

  before(async () => {
    server = await startInteropServer();
  });
  after(() => server?.auth.close());

  async function discover(mode: 'oidc' | 'oauth2'): Promise<oauth.AuthorizationServer> {
    const issuer = new URL(server.issuer);
    return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: mode, ...INSECURE }));
  }

  const introspect = async (as: oauth.AuthorizationServer, by: oauth.Client, auth: oauth.ClientAuth, token: string, hint?: string) =>
    oauth.processIntrospectionResponse(
      as,
      by,
      await oauth.introspectionRequest(as, by, auth, token, { ...INSECURE, ...(hint ? { additionalParameters: { token_type_hint: hint } } : {}) }),
    );

  for (const mode of ['oidc', 'oauth2'] as const) {
    it(`discovers the introspection endpoint (${mode})`, async () => {
      const as = await discover(mode);
      expect(as.introspection_endpoint).to.equal(`${server.issuer}/oauth/introspect`);
      expect(as.introspection_endpoint_auth_methods_supported).to.deep.equal(['client_secret_basic', 'client_secret_post', 'private_key_jwt']);
    });
  }

  for (const method of METHODS) {
    it(`${method.name}: an app's client_credentials and password-grant tokens are active for a gateway until revoked`, async () => {
      const as = await discover('oauth2');
      const appAuth = method.auth(INTEROP_CLIENT.secret);
      const clientToken = (await oauth.processClientCredentialsResponse(as, app, await oauth.clientCredentialsGrantRequest(as, app, appAuth, {}, INSECURE))).access_token;
      const userToken = (
        await oauth.processGenericTokenEndpointResponse(
          as,
          app,
          await oauth.genericTokenEndpointRequest(as, app, appAuth, 'password', { username: 'admin', password: 'any' }, INSECURE),
        )
      ).access_token;
      const gatewayAuth = method.auth(OTHER_CLIENT.secret);
      expect(await introspect(as, gateway, gatewayAuth, clientToken)).to.include({ active: true, sub: INTEROP_CLIENT.id, client_id: INTEROP_CLIENT.id, token_type: 'Bearer' });
      expect(await introspect(as, gateway, gatewayAuth, userToken, 'access_token')).to.include({ active: true, sub: '1', client_id: INTEROP_CLIENT.id, username: 'admin', iss: server.issuer });
      for (const token of [clientToken, userToken]) {
        await oauth.processRevocationResponse(await oauth.revocationRequest(as, app, appAuth, token, INSECURE));
        expect(await introspect(as, gateway, gatewayAuth, token)).to.deep.equal({ active: false });
      }
    });
  }

  it('a refresh token is active for its own client only', async () => {
    const as = await discover('oauth2');
    const appAuth = oauth.ClientSecretPost(INTEROP_CLIENT.secret);
    const tokens = await oauth.processGenericTokenEndpointResponse(
      as,
      app,
      await oauth.genericTokenEndpointRequest(as, app, appAuth, 'password', { username: 'admin', password: 'any' }, INSECURE),
    );
    const refreshToken = tokens.refresh_token!;
    expect(await introspect(as, app, appAuth, refreshToken, 'refresh_token')).to.include({ active: true, client_id: INTEROP_CLIENT.id, token_type: 'refresh_token' });
    expect(await introspect(as, gateway, oauth.ClientSecretBasic(OTHER_CLIENT.secret), refreshToken, 'refresh_token')).to.deep.equal({ active: false });
  });

  it('a wrong secret is refused with a 401 Basic challenge', async () => {
    const as = await discover('oauth2');
    const failure = await introspect(as, gateway, oauth.ClientSecretBasic('wrong'), 'x.y.z').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(oauth.WWWAuthenticateChallengeError);
    expect((failure as oauth.WWWAuthenticateChallengeError).status).to.equal(401);
    expect((failure as oauth.WWWAuthenticateChallengeError).cause[0].scheme).to.equal('basic');
  });
});
