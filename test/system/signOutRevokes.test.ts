import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { withChromiumAndAuthServer } from '../support/headlessChromium';

const DETAILS = '/auth/current/user/details';

describe('sign-in page: Sign out revokes the token at the service (headless Chromium)', function () {
  const session = withChromiumAndAuthServer();
  let page: Page;

  async function signIn(): Promise<string> {
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('secret');
    const login = page.waitForResponse((response) => response.url().endsWith('/auth/oauth/jwt/token'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const token = ((await (await login).json()) as { data: { access_token: string } }).data.access_token;
    await page.locator('#user dt').first().waitFor();
    return token;
  }

  async function statusOf(token: string): Promise<number> {
    return (await fetch(`${session.server.origin}${DETAILS}`, { headers: { Authorization: `Bearer ${token}` } })).status;
  }

  it('signs out, and the token is refused afterwards while another session of the same user keeps working', async () => {
    page = await session.browser.newPage({ locale: 'en-US' });
    await page.goto(`${session.server.origin}/auth/static/index.html`);
    const other = await signIn();
    const token = await signIn();
    expect([await statusOf(token), await statusOf(other)]).to.deep.equal([200, 200]);

    const revoke = page.waitForResponse((response) => response.url().endsWith('/auth/oauth/revoke'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect((await revoke).status()).to.equal(200);

    expect(await page.getByRole('status').innerText()).to.equal('Signed out: the token is revoked.');
    expect(await page.locator('#session').isHidden()).to.equal(true);
    const refused = await fetch(`${session.server.origin}${DETAILS}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status).to.equal(401);
    expect(refused.headers.get('www-authenticate')).to.equal('Bearer error="invalid_token"');
    expect(await statusOf(other)).to.equal(200);
    await page.close();
  });
});
