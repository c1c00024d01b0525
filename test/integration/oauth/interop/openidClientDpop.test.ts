import { expect } from 'chai';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import * as client from 'openid-client';
import type { OAuthClientStore } from '../../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../../src/interfaces/composition/types';
import { FormBrowser } from '../../../support/formBrowser';
import { registeredClient } from '../../../support/oauthClients';
import { INTEROP_CLIENT, startInteropServer, type InteropServer } from '../../../support/oauthInteropServer';
import { pkceAuthorizationUrl } from '../../../support/pkceAuthorizationUrl';

const SPA = { id: 'dpop-spa', callback: 'http://localhost:9/spa/callback' };
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

/**
 * openid-client 6 with `getDPoPHandle` against the real, listening service, with and without server nonces
 * (the library answers use_dpop_nonce by retrying with the nonce it was sent): the code flow of a public
 * client and its refreshes, client_credentials, userinfo with the bound tokens.
 */
for (const nonce of ['off', 'required'] as const) {
  describe(`interop: openid-client 6 DPoP (getDPoPHandle), AUTH_DPOP_NONCE=${nonce}`, () => {
    let server: InteropServer;

    before(async () => {
      server = await startInteropServer({ AUTH_DPOP_NONCE: nonce });
      const clients = server.auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore);
      await clients.add(registeredClient({ id: SPA.id, kind: 'public', redirectUris: [SPA.callback], firstParty: true }), null);
    });
    after(() => server?.auth.close());

    const discover = (clientId: string, authentication: client.ClientAuth) =>
      client.discovery(new URL(server.issuer), clientId, undefined, authentication, { algorithm: 'oauth2', execute: [client.allowInsecureRequests] });

    it('code flow of a public client: DPoP-bound tokens, userinfo with the key, refreshes with the key only', async () => {
      const config = await discover(SPA.id, client.None());
      expect(config.serverMetadata().dpop_signing_alg_values_supported).to.include('ES256');
      const DPoP = client.getDPoPHandle(config, await client.randomDPoPKeyPair());
      const { url, verifier, state } = await pkceAuthorizationUrl(config, SPA.callback);
      const browser = new FormBrowser();
      const callback = await browser.submitForm(url.href, await (await browser.get(url.href)).text(), { username: 'admin', password: 'any' });
      const tokens = await client.authorizationCodeGrant(config, new URL(callback.headers.get('location')!), { pkceCodeVerifier: verifier, expectedState: state }, undefined, { DPoP });
      expect(tokens.token_type).to.equal('dpop');
      expect(claimsOf(tokens.access_token)).to.have.nested.property('cnf.jkt').that.is.a('string');
      expect(await client.fetchUserInfo(config, tokens.access_token, client.skipSubjectCheck, { DPoP })).to.include({ sub: '1' });

      const thief = client.getDPoPHandle(config, await client.randomDPoPKeyPair());
      for (const options of [undefined, { DPoP: thief }]) {
        const refused = await failureOf(client.refreshTokenGrant(config, tokens.refresh_token!, undefined, options));
        expect((refused as client.ResponseBodyError).error).to.equal('invalid_grant');
      }
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!, undefined, { DPoP });
      expect(refreshed.token_type).to.equal('dpop');
      const again = await client.refreshTokenGrant(config, refreshed.refresh_token!, undefined, { DPoP });
      expect(await client.fetchUserInfo(config, again.access_token, client.skipSubjectCheck, { DPoP })).to.include({ sub: '1' });
    });

    it('client_credentials: a bound token that userinfo answers with the key, refuses as a bearer token; introspection names the key', async () => {
      const config = await discover(INTEROP_CLIENT.id, client.ClientSecretBasic(INTEROP_CLIENT.secret));
      const keyPair = await client.randomDPoPKeyPair('EdDSA');
      const DPoP = client.getDPoPHandle(config, keyPair);
      const token = await client.clientCredentialsGrant(config, undefined, { DPoP });
      expect(token.token_type).to.equal('dpop');
      expect(await client.fetchUserInfo(config, token.access_token, INTEROP_CLIENT.id, { DPoP })).to.deep.equal({ sub: INTEROP_CLIENT.id, client_id: INTEROP_CLIENT.id });
      const asBearer = await failureOf(client.fetchUserInfo(config, token.access_token, INTEROP_CLIENT.id));
      expect(asBearer).to.be.instanceOf(client.WWWAuthenticateChallengeError);
      const introspected = await client.tokenIntrospection(config, token.access_token);
      expect(introspected).to.deep.include({ active: true, token_type: 'DPoP', cnf: { jkt: await calculateJwkThumbprint(await exportJWK(keyPair.publicKey)) } });
    });
  });
}
