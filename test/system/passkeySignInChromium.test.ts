import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import * as client from 'openid-client';
import type { FinishPasskeyRegistration } from '../../src/application/passkeys/FinishPasskeyRegistration';
import type { StartPasskeyRegistration } from '../../src/application/passkeys/StartPasskeyRegistration';
import { authenticatedUserOf } from '../../src/domain/model/UserAccount';
import type { OAuthClientStore } from '../../src/domain/ports/OAuthClientStore';
import type { PasskeyStore } from '../../src/domain/ports/PasskeyStore';
import type { UserRepository } from '../../src/domain/ports/UserRepository';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { TYPES } from '../../src/interfaces/composition/types';
import { addUserOn } from '../support/addTestUser';
import { authTestConfig } from '../support/authTestServer';
import { buildAuthServer } from '../support/buildAuthServer';
import { freePort } from '../support/freePort';
import { launchChromiumOrSkip, missingGlyphs, screenshotForDocs, type SuiteBrowser } from '../support/headlessChromium';
import { registeredClient } from '../support/oauthClients';
import { SoftwareAuthenticator } from '../support/softwareAuthenticator';

/**
 * A passkey in a real browser: Chromium holds the passkey in a CDP virtual
 * authenticator (ctap2, internal, resident key, user verified); the user signs
 * in with the password and presses "Use a passkey" on the second-factor page,
 * or presses "Sign in with a passkey" on the sign-in page (no password), and
 * openid-client receives acr/amr of a phishing-resistant sign-in. The service runs on http://localhost:PORT so
 * the RP ID (the issuer's host) is one a browser accepts.
 */
describe('a passkey as the second factor or alone in headless Chromium (CDP virtual authenticator)', function () {
  this.timeout(60_000);
  let browser: SuiteBrowser;
  let auth: AuthServer;
  let issuer: string;
  let app: Server;
  let callback: string;
  const arrivals: URL[] = [];
  const authenticator = new SoftwareAuthenticator();
  let userId: string;

  before(async function () {
    browser = await launchChromiumOrSkip(this);
    const port = await freePort();
    issuer = `http://localhost:${port}/auth`;
    auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: issuer, AUTH_USER_STORE: 'database' }));
    await auth.listen(port);
    app = createServer((req, res) => {
      const url = new URL(req.url ?? '/', callback);
      // Browsers also ask for /favicon.ico.
      if (url.pathname === '/app/callback') arrivals.push(url);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title><p>signed in</p>');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    callback = `http://localhost:${(app.address() as AddressInfo).port}/app/callback`;
    await auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore).add(registeredClient({ id: 'webapp', kind: 'public', redirectUris: [callback], firstParty: true, scopes: ['openid'] }), null);
    await addUserOn(auth).execute({ account: 'alice', password: 'alice-pass', nickName: 'Alice' });
    const alice = authenticatedUserOf((await auth.container.get<UserRepository>(TYPES.UserRepository).findByAccount('alice'))!);
    userId = alice.id;
    // The passkey registered through the service's own ceremony, with the key the virtual authenticator will hold.
    const options = (await auth.container.get<StartPasskeyRegistration>(TYPES.StartPasskeyRegistration).execute({ user: alice, sessionId: 'setup' })) as { challenge: string };
    const response = authenticator.register({ challenge: options.challenge, origin: `http://localhost:${port}`, rpId: 'localhost' });
    await auth.container.get<FinishPasskeyRegistration>(TYPES.FinishPasskeyRegistration).execute({ user: alice, sessionId: 'setup', response, label: 'Laptop' });
  });

  after(async () => {
    await browser?.close();
    await auth?.close();
    await new Promise((resolve) => (app ? app.close(resolve) : resolve(undefined)));
  });

  /** A page whose browser holds alice's passkey in a CDP virtual authenticator (internal, resident, user verified), its counter where the service left it. */
  async function pageHoldingPasskey(locale: string) {
    const page = await browser.newPage({ locale });
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const stored = await auth.container.get<PasskeyStore>(TYPES.PasskeyStore).findPasskey(authenticator.credentialId);
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId,
      credential: {
        credentialId: Buffer.from(authenticator.credentialId, 'base64url').toString('base64'),
        isResidentCredential: true,
        rpId: 'localhost',
        privateKey: authenticator.privateKeyPkcs8(),
        userHandle: Buffer.from(userId).toString('base64'),
        signCount: stored?.counter ?? 0,
      },
    });
    return { page, cdp, authenticatorId, cspViolations };
  }

  async function authorizationUrl(state: string, extra: Record<string, string> = {}): Promise<{ config: client.Configuration; url: URL; verifier: string }> {
    const config = await client.discovery(new URL(issuer), 'webapp', undefined, client.None(), { execute: [client.allowInsecureRequests] });
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: callback,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    });
    return { config, url, verifier };
  }

  it('signs in with the password, then the passkey: the ID token says pwd hwk mfa at the phishing-resistant level', async () => {
    const { config, url, verifier } = await authorizationUrl('passkey');
    const { page, cdp, authenticatorId, cspViolations } = await pageHoldingPasskey('en-US');
    await page.goto(url.href);
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice-pass');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await screenshotForDocs(page, 'second-factor-passkey-en.png');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${callback}**`);
    expect(cspViolations).to.deep.equal([]);
    const tokens = await client.authorizationCodeGrant(config, arrivals.at(-1)!, { pkceCodeVerifier: verifier, expectedState: 'passkey' });
    const claims = tokens.claims();
    expect(claims?.acr).to.equal('urn:auth-service:acr:phishing-resistant');
    expect(claims?.amr).to.deep.equal(['pwd', 'hwk', 'mfa']);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials[0].signCount).to.equal(1);
  });

  it('offers the passkey in Chinese too (ui_locales=zh-CN), every glyph drawn, no CSP violation', async () => {
    const { url } = await authorizationUrl('zh', { ui_locales: 'zh-CN' });
    const page = await browser.newPage({ locale: 'zh-CN' });
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(url.href);
    await page.getByLabel('账号').fill('alice');
    await page.getByLabel('密码').fill('alice-pass');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const button = page.getByRole('button', { name: '使用通行密钥' });
    await button.waitFor();
    expect(await button.isEnabled()).to.equal(true);
    expect(await missingGlyphs(page)).to.deep.equal([]);
    expect(cspViolations).to.deep.equal([]);
    await screenshotForDocs(page, 'second-factor-passkey-zh.png');
  });

  it('signs in with the passkey alone from the sign-in page (no password): openid-client gets hwk mfa at the phishing-resistant level', async () => {
    const { config, url, verifier } = await authorizationUrl('alone', { acr_values: 'urn:auth-service:acr:phishing-resistant' });
    const { page, cspViolations } = await pageHoldingPasskey('en-US');
    await page.goto(url.href);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await screenshotForDocs(page, 'sign-in-passkey-en.png');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${callback}**`);
    expect(cspViolations).to.deep.equal([]);
    const tokens = await client.authorizationCodeGrant(config, arrivals.at(-1)!, { pkceCodeVerifier: verifier, expectedState: 'alone' });
    const claims = tokens.claims();
    expect(claims?.sub).to.equal(userId);
    expect(claims?.acr).to.equal('urn:auth-service:acr:phishing-resistant');
    expect(claims?.amr).to.deep.equal(['hwk', 'mfa']);
  });

  it('offers the passkey on the sign-in page in Chinese too (ui_locales=zh-CN), every glyph drawn, no CSP violation', async () => {
    const { url } = await authorizationUrl('zh-alone', { ui_locales: 'zh-CN' });
    const { page, cspViolations } = await pageHoldingPasskey('zh-CN');
    await page.goto(url.href);
    const button = page.getByRole('button', { name: '使用通行密钥登录' });
    await button.waitFor();
    expect(await button.isEnabled()).to.equal(true);
    expect(await missingGlyphs(page)).to.deep.equal([]);
    expect(cspViolations).to.deep.equal([]);
    await screenshotForDocs(page, 'sign-in-passkey-zh.png');
  });
});
