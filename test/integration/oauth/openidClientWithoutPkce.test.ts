import { expect } from 'chai';
import * as client from 'openid-client';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';

/**
 * The conformance suite's basic plan as a relying party runs it: openid-client 6 in OpenID discovery
 * mode, a confidential client (HTTP Basic) asking for `openid` with a nonce and state and no PKCE at
 * all; the code is exchanged without code_verifier and openid-client checks the ID token's nonce.
 */
describe('A confidential client without PKCE, with openid-client 6 (SQLite)', function () {
  this.timeout(30_000);
  const clock = new FixedClock(new Date());
  let instances: TwoInstancesOnOneStore;
  let issuer: string;
  let secret: string;

  before(async () => {
    instances = await TwoInstancesOnOneStore.start(STORE_BACKENDS[0], clock, {
      issuerIsFirstInstance: true,
      register: async (commands) => {
        await commands.addUser('alice', '--nick', 'Alice');
        secret = await commands.addClient('basic-rp', '--redirect-uri', CALLBACK, '--confidential', '--first-party', '--scope', 'openid', '--scope', 'profile');
      },
    });
    ({ issuer } = instances);
  });

  after(() => instances?.dispose());

  it('signs in with openid, a nonce and a state, no code_challenge: the code is exchanged without code_verifier and the ID token checks', async () => {
    const config = await client.discovery(new URL(issuer), 'basic-rp', undefined, client.ClientSecretBasic(secret), { algorithm: 'oidc', execute: [client.allowInsecureRequests] });
    const nonce = client.randomNonce();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid profile', nonce, state });
    expect(url.searchParams.has('code_challenge')).to.equal(false);
    const browser = new FormBrowser();
    const page = await browser.get(url.href);
    expect(page.status).to.equal(200);
    const answer = await browser.submitForm(url.href, await page.text(), { username: 'alice', password: 'alice-pass' });
    expect(answer.status).to.equal(303);
    const tokens = await client.authorizationCodeGrant(config, new URL(answer.headers.get('location')!), { expectedState: state, expectedNonce: nonce });
    expect(tokens.scope).to.equal('openid profile');
    expect(tokens.claims()).to.include({ iss: issuer, aud: 'basic-rp', nonce });
    const info = await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(info.sub).to.equal(tokens.claims()!.sub);
  });
});
