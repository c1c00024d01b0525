import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import * as client from 'openid-client';
import type { OAuthClientStore } from '../../src/domain/ports/OAuthClientStore';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { TYPES } from '../../src/interfaces/composition/types';
import { addUserOn } from '../support/addTestUser';
import { authTestConfig } from '../support/authTestServer';
import { buildAuthServer } from '../support/buildAuthServer';
import { freePort } from '../support/freePort';
import { launchChromiumOrSkip, missingGlyphs, screenshotForDocs, type SuiteBrowser } from '../support/headlessChromium';
import { registeredClient } from '../support/oauthClients';

/**
 * A passkey registered on the account page in a real browser: Chromium with a
 * CDP virtual authenticator (ctap2, internal, resident keys, user verified and
 * no credential yet) signs in with the password, adds a named passkey on
 * /auth/account (navigator.credentials.create through passkey.js),
 * signs out, and signs in to an app again with the password and that passkey
 * as the second factor: openid-client receives the phishing-resistant level.
 * The service runs on http://localhost:PORT (an RP ID a browser accepts).
 */
describe('the account page registers a passkey in headless Chromium (CDP virtual authenticator)', function () {
  this.timeout(60_000);
  let browser: SuiteBrowser;
  let auth: AuthServer;
  let issuer: string;
  let app: Server;
  let callback: string;
  const arrivals: URL[] = [];

  before(async function () {
    browser = await launchChromiumOrSkip(this);
    const port = await freePort();
    issuer = `http://localhost:${port}/auth`;
    auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: issuer, AUTH_USER_STORE: 'database' }));
    await auth.listen(port);
    app = createServer((req, res) => {
      const url = new URL(req.url ?? '/', callback);
      if (url.pathname === '/app/callback') arrivals.push(url);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title><p>signed in</p>');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    callback = `http://localhost:${(app.address() as AddressInfo).port}/app/callback`;
    await auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore).add(registeredClient({ id: 'webapp', kind: 'public', redirectUris: [callback], firstParty: true, scopes: ['openid'] }), null);
    await addUserOn(auth).execute({ account: 'alice', password: 'alice-pass', nickName: 'Alice' });
  });

  after(async () => {
    await browser?.close();
    await auth?.close();
    await new Promise((resolve) => (app ? app.close(resolve) : resolve(undefined)));
  });

  it('adds a named passkey on the account page, then signs in with it as the second factor: acr phishing-resistant', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    // Signed out: the account page sends the browser through the usual sign-in page and back.
    await page.goto(`${issuer}/account`);
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice-pass');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${issuer}/account`);
    await page.getByLabel('Passkey name').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.waitForURL(`${issuer}/account?done=passkey_added`);
    expect(await page.textContent('main')).to.include('Passkey: Work laptop').and.include('The passkey has been added.');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).to.have.length(1);
    expect(credentials[0].isResidentCredential, 'a discoverable credential').to.equal(true);
    await screenshotForDocs(page, 'account-page-en.png');
    expect(cspViolations).to.deep.equal([]);

    // Signed out, then an app asks: password, then the passkey just registered.
    expect((await page.request.post(`${issuer}/oauth/signout`)).status()).to.equal(204);
    const config = await client.discovery(new URL(issuer), 'webapp', undefined, client.None(), { execute: [client.allowInsecureRequests] });
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: callback,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'account-passkey',
    });
    await page.goto(url.href);
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice-pass');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${callback}**`);
    const tokens = await client.authorizationCodeGrant(config, arrivals.at(-1)!, { pkceCodeVerifier: verifier, expectedState: 'account-passkey' });
    const claims = tokens.claims();
    expect(claims?.acr).to.equal('urn:auth-service:acr:phishing-resistant');
    expect(claims?.amr).to.include('mfa');
    expect(cspViolations).to.deep.equal([]);

    // The Chinese page of the same session, in a browser that asks for Chinese: every glyph drawn.
    const zh = await browser.newPage({ locale: 'zh-CN' });
    zh.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await zh.context().addCookies(await page.context().cookies());
    await zh.goto(`${issuer}/account`);
    await zh.getByRole('heading', { name: '您的账号' }).waitFor();
    await zh.evaluate('document.fonts.ready');
    expect(await missingGlyphs(zh)).to.deep.equal([]);
    expect(cspViolations).to.deep.equal([]);
    await screenshotForDocs(zh, 'account-page-zh.png');
  });
});
