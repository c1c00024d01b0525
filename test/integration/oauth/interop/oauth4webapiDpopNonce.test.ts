import { expect } from 'chai';
import * as oauth from 'oauth4webapi';
import { INTEROP_CLIENT, startInteropServer, type InteropServer } from '../../../support/oauthInteropServer';

const INSECURE = { [oauth.allowInsecureRequests]: true } as const;

/**
 * oauth4webapi's DPoP nonce handling (RFC 9449 §8) against the listening service with
 * AUTH_DPOP_NONCE=required: the first proof is answered use_dpop_nonce with a DPoP-Nonce, the handle keeps
 * the nonce, and the retried request (token endpoint, then userinfo) goes through with it.
 */
describe('interop: oauth4webapi DPoP nonces (AUTH_DPOP_NONCE=required)', () => {
  let server: InteropServer;
  const client: oauth.Client = { client_id: INTEROP_CLIENT.id };

  before(async () => {
    server = await startInteropServer({ AUTH_DPOP_NONCE: 'required' });
  });
  after(() => server?.auth.close());

  it('retries the token request with the nonce it was sent; the bound token then works at userinfo with the same nonce', async () => {
    const issuer = new URL(server.issuer);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...INSECURE }));
    const DPoP = oauth.DPoP(client, await oauth.generateKeyPair('ES256'));
    const authentication = oauth.ClientSecretBasic(INTEROP_CLIENT.secret);
    const grant = async () => oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, authentication, {}, { DPoP, ...INSECURE }));

    const first = await grant().then(
      () => null,
      (error: unknown) => error,
    );
    expect(oauth.isDPoPNonceError(first)).to.equal(true);
    const token = await grant();
    expect(token.token_type).to.equal('dpop');

    const userinfo = await oauth.processUserInfoResponse(as, client, INTEROP_CLIENT.id, await oauth.userInfoRequest(as, client, token.access_token, { DPoP, ...INSECURE }));
    expect(userinfo).to.deep.equal({ sub: INTEROP_CLIENT.id, client_id: INTEROP_CLIENT.id });
  });
});
