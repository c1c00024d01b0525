import { expect } from 'chai';
import * as client from 'openid-client';
import type { OAuthClientStore } from '../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../src/interfaces/composition/types';
import { DEVICE_TEXT } from '../../src/interfaces/http/device/deviceText';
import { DEVICE_GRANT } from '../support/deviceFlow';
import { missingGlyphs, withChromiumAndAuthServer } from '../support/headlessChromium';
import { registeredClient } from '../support/oauthClients';

const ISSUER = 'http://localhost/auth';

/**
 * The device authorization grant (RFC 8628) as a CLI and its user live it: openid-client 6
 * `initiateDeviceAuthorization`, then `pollDeviceAuthorizationGrant` while headless Chromium opens the
 * verification URI, confirms the code, signs in on the server-rendered page and allows the app.
 */
describe('device authorization grant with openid-client while Chromium approves on /auth/device', function () {
  this.timeout(60_000);
  const session = withChromiumAndAuthServer({ AUTH_ISSUER: ISSUER });

  before(async () => {
    const clients = session.server.auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore);
    await clients.add(registeredClient({ id: 'cli-tool', kind: 'public', redirectUris: [], grants: [DEVICE_GRANT, 'refresh_token'], scopes: ['openid', 'profile'], name: 'Deploy CLI' }), null);
  });

  /** The service as a device's openid-client sees it: the issuer's endpoint paths on the test server's origin. */
  function configuration(): client.Configuration {
    const origin = session.server.origin;
    const config = new client.Configuration(
      { issuer: ISSUER, token_endpoint: `${origin}/auth/oauth/token`, device_authorization_endpoint: `${origin}/auth/oauth/device_authorization` },
      'cli-tool',
      undefined,
      client.None(),
    );
    client.allowInsecureRequests(config);
    return config;
  }

  /** The verification URI complete on the test server's origin (the issuer names a host the browser cannot reach). */
  const reachable = (uri: string) => uri.replace(ISSUER, `${session.server.origin}/auth`);

  it('the user confirms the code, signs in and allows; the polling CLI gets its tokens', async () => {
    const config = configuration();
    const response = await client.initiateDeviceAuthorization(config, { scope: 'openid profile' });
    expect(response.user_code).to.match(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(response.verification_uri).to.equal(`${ISSUER}/device`);
    const polling = client.pollDeviceAuthorizationGrant(config, response);

    const page = await session.browser.newPage({ locale: 'en-US' });
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(reachable(response.verification_uri_complete!));
    expect(await page.title()).to.equal('Sign in on a device');
    // Filled in from the URI, still to be confirmed (RFC 8628 §3.3.1).
    expect(await page.getByLabel('Code').inputValue()).to.equal(response.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('any password (stub store)');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForSelector('button[name=decision]');
    expect(await page.title()).to.equal('Allow the device');
    expect(await page.locator('main').innerText()).to.include('Deploy CLI').and.include(response.user_code);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForSelector('text=The device is signed in');
    expect(cspViolations).to.deep.equal([]);

    const tokens = await polling;
    expect(tokens.token_type.toLowerCase()).to.equal('bearer');
    expect(tokens.scope).to.equal('openid profile');
    expect(tokens.refresh_token).to.be.a('string');
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(claims).to.include({ client_id: 'cli-tool' });
  });

  it('a denial in Chinese ends the polling with access_denied; every character of the pages is drawn', async () => {
    const config = configuration();
    const response = await client.initiateDeviceAuthorization(config, { scope: 'openid' });
    const polling = client.pollDeviceAuthorizationGrant(config, response).then(
      () => null,
      (error: unknown) => error,
    );
    const page = await session.browser.newPage({ locale: 'zh-CN' });
    await page.goto(`${session.server.origin}/auth/device`);
    expect(await page.title()).to.equal(DEVICE_TEXT.zh.title);
    expect(await missingGlyphs(page, JSON.stringify(DEVICE_TEXT.zh))).to.deep.equal([]);
    await page.locator('#user_code').fill(response.user_code.toLowerCase().replace('-', ' '));
    await page.getByRole('button', { name: DEVICE_TEXT.zh.next }).click();
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('any password (stub store)');
    await page.locator('button[type=submit]').click();
    await page.waitForSelector('button[name=decision]');
    expect(await missingGlyphs(page)).to.deep.equal([]);
    await page.getByRole('button', { name: DEVICE_TEXT.zh.deny }).click();
    await page.waitForSelector(`text=${DEVICE_TEXT.zh.deniedHint}`);
    const refusal = (await polling) as { error?: string } | null;
    expect(refusal?.error).to.equal('access_denied');
  });
});
