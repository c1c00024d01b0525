import { join } from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { launchChromiumOrSkip, TEST_RESULTS } from '../support/headlessChromium';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';

const TTL_SECONDS = 18000;

describe('sign-in page in headless Chromium', function () {
  let browser: Browser;
  let page: Page;

  before(async function () {
    browser = await launchChromiumOrSkip(this);
  });

  after(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage({ locale: 'en-US', timezoneId: 'Asia/Shanghai', viewport: { width: 1100, height: 900 } });
  });

  afterEach(async () => {
    await page?.close();
  });

  async function signIn(account: string, password: string): Promise<void> {
    await page.getByLabel('Account').fill(account);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function userField(name: string): Promise<string> {
    return page.locator('#user dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]').innerText();
  }

  describe('with no registered clients', () => {
    let server: RunningAuthServer;

    before(async () => {
      server = await startAuthServer();
    });

    after(async () => {
      await server?.auth.close();
    });

    it('is where /auth/ redirects', async () => {
      await page.goto(`${server.origin}/auth/`);
      expect(new URL(page.url()).pathname).to.equal('/auth/static/index.html');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).to.equal('Sign in');
    });

    it('signs in and shows the decoded token, a live countdown, the current user and the key', async () => {
      await page.clock.install();
      await page.goto(`${server.origin}/auth/static/index.html`);
      await signIn('admin', 'any password');

      await page.locator('#user dt').first().waitFor();
      expect(await page.getByRole('heading', { level: 2 }).innerText()).to.equal('Signed in as 管理员');
      expect(await userField('nickName')).to.equal('管理员');
      expect(await userField('account')).to.equal('admin');
      expect(await userField('id')).to.equal('1');
      expect(await userField('userType')).to.equal('4');
      expect(await userField('email')).to.equal('null');
      expect(await page.locator('#user dt').count()).to.equal(27);

      const header = JSON.parse(await page.locator('#token-header').innerText()) as Record<string, unknown>;
      expect(header).to.include({ typ: 'JWT', alg: 'RS256' });
      expect(header.kid).to.be.a('string');
      const claims = JSON.parse(await page.locator('#token-claims').innerText()) as Record<string, number | string>;
      expect(claims).to.include({ account: 'admin', nickName: '管理员', userId: '1', userType: '4', sub: '1' });
      expect(Number(claims.exp) - Number(claims.iat)).to.equal(TTL_SECONDS);

      const key = await fetch(`${server.origin}/auth/client/user/secret/key?appId=test&appSecret=x`).then((r) => r.json() as Promise<{ data: string }>);
      expect(await page.locator('#key').innerText()).to.equal(key.data);
      expect(await page.locator('#key-error').isHidden()).to.equal(true);

      // The page's clock is Playwright's: moving it shows the countdown is live and reaches "expired".
      const start = await page.getByRole('timer').innerText();
      expect(start).to.match(/^0[45]:[0-5]\d:[0-5]\d$/);
      await page.screenshot({ path: join(TEST_RESULTS, 'sign-in.png'), fullPage: true });
      await page.clock.fastForward('01:00:00');
      expect(secondsOf(await page.getByRole('timer').innerText())).to.be.closeTo(secondsOf(start) - 3600, 2);
      await page.clock.fastForward(TTL_SECONDS * 1000);
      expect(await page.getByRole('timer').innerText()).to.equal('expired');
    });

    it('shows the envelope msg when the password is empty', async () => {
      await page.goto(`${server.origin}/auth/static/index.html`);
      await signIn('admin', '');

      const alert = page.getByRole('alert').filter({ hasText: /\S/ });
      await alert.waitFor();
      expect(await alert.innerText()).to.equal('登录认证信息不全!!!');
      expect(await page.locator('#session').isHidden()).to.equal(true);
      await page.screenshot({ path: join(TEST_RESULTS, 'sign-in-error.png'), fullPage: true });
    });

    it('signs out, forgetting the token', async () => {
      await page.goto(`${server.origin}/auth/static/index.html`);
      await signIn('admin', 'secret');
      await page.locator('#user dt').first().waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();

      expect(await page.locator('#session').isHidden()).to.equal(true);
      expect(await page.locator('#token-claims').textContent()).to.equal('');
    });
  });

  describe('with registered clients', () => {
    let server: RunningAuthServer;

    before(async () => {
      server = await startAuthServer({ AUTH_CLIENTS: 'sign-in-page:s3cret' });
    });

    after(async () => {
      await server?.auth.close();
    });

    it("shows the key endpoint's msg for unknown credentials and the key for registered ones", async () => {
      await page.goto(`${server.origin}/auth/static/index.html`);
      await signIn('admin', 'secret');
      await page.locator('#key-error').waitFor();
      expect(await page.locator('#key-error').innerText()).to.equal('客户端认证失败');
      expect(await userField('account')).to.equal('admin');

      await page.getByText('Client credentials for the key endpoint').click();
      await page.getByLabel('App secret').fill('s3cret');
      await signIn('admin', 'secret');
      await page.locator('#key').filter({ hasText: /\S/ }).waitFor();
      expect(await page.locator('#key-error').isHidden()).to.equal(true);
      expect(await page.locator('#key').innerText()).to.match(/^MII[A-Za-z0-9+/]+=*$/);
    });
  });
});

function secondsOf(hms: string): number {
  const [h, m, s] = hms.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}
