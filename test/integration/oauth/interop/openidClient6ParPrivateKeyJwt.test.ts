import { expect } from 'chai';
import * as client from 'openid-client';
import { ClientKeyPair, JwksFiles } from '../../../support/clientKeys';
import { FixedClock } from '../../../support/FixedClock';
import { FormBrowser } from '../../../support/formBrowser';
import { STORE_BACKENDS } from '../../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';

/**
 * openid-client 6 against the listening service: `client.PrivateKeyJwt` at the token endpoint
 * (and its introspection), and `buildAuthorizationUrlWithPAR` for a public client that must push
 * and for a private_key_jwt client, both through sign-in to tokens.
 */
describe('interop: openid-client 6, PrivateKeyJwt and buildAuthorizationUrlWithPAR', function () {
  this.timeout(60_000);
  const files = new JwksFiles();
  let instances: TwoInstancesOnOneStore;
  let key: ClientKeyPair;

  before(async () => {
    key = await ClientKeyPair.generate('ES256', 'interop-1');
    instances = await TwoInstancesOnOneStore.start(STORE_BACKENDS[0], new FixedClock(new Date()), {
      issuerIsFirstInstance: true,
      register: async (cli) => {
        await cli.addUser('alice', '--nick', 'alice');
        await cli.addClient('service', '--confidential', '--grant', 'client_credentials', '--jwks', files.write({ keys: [key.publicJwk] }));
        await cli.addClient('web', '--confidential', '--first-party', '--scope', 'openid', '--redirect-uri', CALLBACK, '--jwks', files.write({ keys: [key.publicJwk] }));
        await cli.addClient('spa', '--public', '--first-party', '--require-par', '--redirect-uri', CALLBACK);
      },
    });
  });
  after(async () => {
    await instances?.dispose();
    files.dispose();
  });

  const discover = (clientId: string, authentication: client.ClientAuth) =>
    client.discovery(new URL(instances.issuer), clientId, undefined, authentication, { execute: [client.allowInsecureRequests] });
  const privateKeyJwt = () => client.PrivateKeyJwt({ key: key.privateKey, kid: key.kid });

  /** Follows the authorization URL through the sign-in form as a browser would; the callback URL. */
  async function signIn(url: URL): Promise<URL> {
    const browser = new FormBrowser();
    const page = await browser.get(url.href);
    expect(page.status).to.equal(200);
    const callback = await browser.submitForm(url.href, await page.text(), { username: 'alice', password: 'alice-pass' });
    expect(callback.status).to.equal(303);
    return new URL(callback.headers.get('location')!);
  }

  it('client_credentials with client.PrivateKeyJwt, then introspection with it too', async () => {
    const config = await discover('service', privateKeyJwt());
    expect(config.serverMetadata().token_endpoint_auth_methods_supported).to.include('private_key_jwt');
    const token = await client.clientCredentialsGrant(config);
    expect(token.token_type.toLowerCase()).to.equal('bearer');
    expect(await client.tokenIntrospection(config, token.access_token)).to.include({ active: true, client_id: 'service' });
  });

  it('buildAuthorizationUrlWithPAR for a public client registered --require-par: sign-in, code, tokens', async () => {
    const config = await discover('spa', client.None());
    expect(config.serverMetadata().pushed_authorization_request_endpoint).to.equal(`${instances.issuer}/oauth/par`);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = await client.buildAuthorizationUrlWithPAR(config, {
      redirect_uri: CALLBACK,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    expect([...url.searchParams.keys()].sort()).to.deep.equal(['client_id', 'request_uri']);
    const tokens = await client.authorizationCodeGrant(config, await signIn(url), { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.access_token).to.be.a('string');
  });

  it('buildAuthorizationUrlWithPAR for a private_key_jwt client asking for openid: an ID token at the end', async () => {
    const config = await discover('web', privateKeyJwt());
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const url = await client.buildAuthorizationUrlWithPAR(config, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const tokens = await client.authorizationCodeGrant(config, await signIn(url), { pkceCodeVerifier: verifier, expectedNonce: nonce, idTokenExpected: true });
    expect(tokens.claims()?.sub).to.be.a('string');
  });
});
