import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import * as client from 'openid-client';
import type { OAuthClientStore } from '../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../src/interfaces/composition/types';
import { missingGlyphs, withChromiumAndAuthServer } from '../support/headlessChromium';
import { CONSENT_TEXT } from '../../src/interfaces/http/authorize/consentText';
import { pkceAuthorizationUrl } from '../support/pkceAuthorizationUrl';
import { registeredClient } from '../support/oauthClients';


/**
 * The authorization code flow in a real browser, with a public client (PKCE,
 * no secret): Chromium opens the authorization URL, the user signs in on the
 * server-rendered form, the service redirects back to the app with the code
 * (through the form's CSP form-action), and the app exchanges it.
 */
describe('authorization code flow with PKCE in headless Chromium (public client)', function () {
  this.timeout(30_000);
  const session = withChromiumAndAuthServer({ AUTH_ISSUER: 'http://localhost/auth' });

  let app: Server;
  let CALLBACK: string;
  /** Every URL the app's callback page was asked for. */
  const arrivals: URL[] = [];

  before(async () => {
    // The app: a real page on its own port, which the browser is sent back to.
    app = createServer((req, res) => {
      const url = new URL(req.url ?? '/', CALLBACK);
      // Browsers also ask for /favicon.ico.
      if (url.pathname === '/app/callback') arrivals.push(url);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title><p>signed in</p>');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    CALLBACK = `http://localhost:${(app.address() as AddressInfo).port}/app/callback`;
    const clients = session.server.auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore);
    await clients.add(registeredClient({ id: 'browser-app', kind: 'public', redirectUris: [CALLBACK], firstParty: true }), null);
    await clients.add(registeredClient({ id: 'other-app', kind: 'public', redirectUris: [CALLBACK], scopes: ['profile', 'email', 'orders:read'] }), null);
  });

  after(() => new Promise((resolve) => app?.close(resolve)));

  it('signs in on the form, comes back to the app with the code and state, and the code buys tokens without a secret', async () => {
    const origin = session.server.origin;
    const config = new client.Configuration(
      {
        issuer: 'http://localhost/auth',
        authorization_endpoint: `${origin}/auth/oauth/authorize`,
        token_endpoint: `${origin}/auth/oauth/token`,
        authorization_response_iss_parameter_supported: true,
      },
      'browser-app',
      undefined,
      client.None(),
    );
    client.allowInsecureRequests(config);
    const { url, verifier, state } = await pkceAuthorizationUrl(config, CALLBACK);

    const page = await session.browser.newPage({ locale: 'en-US' });
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(url.href);
    expect(await page.title()).to.equal('Sign in');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('any password (stub store)');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${CALLBACK}**`);
    expect(await page.title()).to.equal('app');
    expect(cspViolations).to.deep.equal([]);
    expect(arrivals, 'the browser reached the callback').to.have.length(1);
    const callback = arrivals[0];
    expect(callback.searchParams.get('state')).to.equal(state);

    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString());
    expect(claims).to.include({ client_id: 'browser-app' }).and.not.to.have.property('account');
    expect(tokens.refresh_token).to.be.a('string');

    // The sign-in session: the same browser comes straight back without the form.
    const again = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 'second',
    });
    await page.goto(again.href);
    expect(await page.title()).to.equal('app');
    expect(arrivals).to.have.length(2);
    expect(arrivals[1].searchParams.get('state')).to.equal('second');
    expect(arrivals[1].searchParams.get('code')).to.match(/^[A-Za-z0-9_-]{43}$/);
    await page.close();
  });

  it('a third-party app: the consent page in Chinese (ui_locales), every glyph drawn, then 允许 takes the browser back with a code', async () => {
    const url = new URL(`${session.server.origin}/auth/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'other-app',
      redirect_uri: CALLBACK,
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 'consent',
      scope: 'profile email orders:read',
      ui_locales: 'zh-CN',
    }).toString();
    const page = await session.browser.newPage({ locale: 'en-US' });
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(url.href);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('any password (stub store)');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForSelector('input[name=consent_ticket]', { state: 'attached' });
    expect(await page.title()).to.equal('授权访问');
    expect(await page.locator('ul.scopes').innerText()).to.include('您的电子邮件地址').and.to.include('orders:read');
    expect(await missingGlyphs(page)).to.deep.equal([]);
    expect(await missingGlyphs(page, JSON.stringify(CONSENT_TEXT.zh))).to.deep.equal([]);
    const before = arrivals.length;
    await page.getByRole('button', { name: '允许' }).click();
    await page.waitForURL(`${CALLBACK}**`);
    expect(cspViolations).to.deep.equal([]);
    expect(arrivals).to.have.length(before + 1);
    expect(arrivals[before].searchParams.get('state')).to.equal('consent');
    expect(arrivals[before].searchParams.get('code')).to.match(/^[A-Za-z0-9_-]{43}$/);
    await page.close();
  });
});
