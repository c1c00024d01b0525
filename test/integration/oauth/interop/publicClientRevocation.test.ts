import { expect } from 'chai';
import * as client from 'openid-client';
import type { OAuthClientStore } from '../../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../../src/interfaces/composition/types';
import { FormBrowser } from '../../../support/formBrowser';
import { INTEROP_CLIENT, startInteropServer, type InteropServer } from '../../../support/oauthInteropServer';
import { pkceAuthorizationUrl } from '../../../support/pkceAuthorizationUrl';
import { registeredClient } from '../../../support/oauthClients';

const SPA = { id: 'spa', callback: 'http://localhost:9/spa/callback' };
const OTHER_SPA = { id: 'other-spa', callback: 'http://localhost:9/other/callback' };

/**
 * openid-client 6 as a public client (token_endpoint_auth_method none): the
 * metadata advertises `none` for revocation, so `tokenRevocation` with its
 * `client_id` alone revokes its own access token (RFC 7009 §2.1). It cannot
 * revoke a token that is not bound to it: another client's, or one issued to
 * no client (a public client proves nothing, so it gets no more than its own).
 */
describe('interop: openid-client 6 as a public client revokes its own access token', () => {
  let server: InteropServer;

  before(async () => {
    server = await startInteropServer();
    const clients = server.auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore);
    for (const spa of [SPA, OTHER_SPA]) await clients.add(registeredClient({ id: spa.id, kind: 'public', redirectUris: [spa.callback], firstParty: true }), null);
  });
  after(() => server?.auth.close());

  const discover = (clientId: string, authentication: client.ClientAuth) =>
    client.discovery(new URL(server.issuer), clientId, undefined, authentication, { algorithm: 'oauth2', execute: [client.allowInsecureRequests] });

  /** The authorization code flow with PKCE, signed in on the form as the seed user: the public client's tokens. */
  async function publicClientToken(spa: typeof SPA): Promise<{ config: client.Configuration; accessToken: string }> {
    const config = await discover(spa.id, client.None());
    const { url, verifier, state } = await pkceAuthorizationUrl(config, spa.callback);
    const browser = new FormBrowser();
    const page = await browser.get(url.href);
    const callback = await browser.submitForm(url.href, await page.text(), { username: 'admin', password: 'any' });
    const tokens = await client.authorizationCodeGrant(config, new URL(callback.headers.get('location')!), { pkceCodeVerifier: verifier, expectedState: state });
    return { config, accessToken: tokens.access_token };
  }

  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  async function expectWorks(config: client.Configuration, token: string): Promise<void> {
    expect(await client.fetchUserInfo(config, token, client.skipSubjectCheck)).to.have.property('sub');
  }

  it('tokenRevocation with token_endpoint_auth_method none: the token is then refused at userinfo', async () => {
    const { config, accessToken } = await publicClientToken(SPA);
    expect(JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString())).to.include({ client_id: SPA.id });
    expect(config.serverMetadata().revocation_endpoint_auth_methods_supported).to.include('none');
    await expectWorks(config, accessToken);

    await client.tokenRevocation(config, accessToken, { token_type_hint: 'access_token' });

    const refused = await failureOf(client.fetchUserInfo(config, accessToken, client.skipSubjectCheck));
    expect(refused).to.be.instanceOf(client.WWWAuthenticateChallengeError);
    expect((refused as client.WWWAuthenticateChallengeError).status).to.equal(401);
  });

  it("refuses a public client revoking another client's token, public or confidential, with unauthorized_client; the tokens keep working", async () => {
    const other = await publicClientToken(OTHER_SPA);
    const confidential = await discover(INTEROP_CLIENT.id, client.ClientSecretBasic(INTEROP_CLIENT.secret));
    const confidentialToken = (await client.clientCredentialsGrant(confidential)).access_token;
    const spa = await discover(SPA.id, client.None());

    for (const token of [other.accessToken, confidentialToken]) {
      const failure = await failureOf(client.tokenRevocation(spa, token));
      expect(failure).to.be.instanceOf(client.ResponseBodyError);
      expect((failure as client.ResponseBodyError).error).to.equal('unauthorized_client');
    }
    await expectWorks(other.config, other.accessToken);
    await expectWorks(confidential, confidentialToken);
  });

  it('refuses a public client revoking a token issued to no client (the login endpoint): it is not bound to it', async () => {
    const login = await fetch(`${server.issuer}/oauth/jwt/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'x' }) });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const spa = await discover(SPA.id, client.None());

    const failure = await failureOf(client.tokenRevocation(spa, token));

    expect((failure as client.ResponseBodyError).error).to.equal('unauthorized_client');
    await expectWorks(spa, token);
  });

  it('an unknown or confidential client_id without a secret is no public client: invalid_client', async () => {
    const { accessToken } = await publicClientToken(SPA);
    for (const clientId of ['nobody', INTEROP_CLIENT.id]) {
      const failure = await failureOf(client.tokenRevocation(await discover(clientId, client.None()), accessToken));
      expect((failure as client.ResponseBodyError).error, clientId).to.equal('invalid_client');
    }
  });

  it('answers 200 for a token that does not verify (RFC 7009 §2.2: nothing left to revoke)', async () => {
    await client.tokenRevocation(await discover(SPA.id, client.None()), 'not.a.token');
  });
});
