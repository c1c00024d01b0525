import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchChromiumOrSkip, missingGlyphs, TEST_RESULTS, type SuiteBrowser } from '../support/headlessChromium';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';

const TTL_SECONDS = 18000;

describe('sign-in page in headless Chromium', function () {
  let browser: SuiteBrowser;
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
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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
      // In English the API's Chinese msg is shown by its meaning.
      expect(await alert.innerText()).to.equal('Enter both the account and the password.');
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
      expect(await page.locator('#key-error').innerText()).to.equal('Client authentication failed: check the app id and secret.');
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

describe('sign-in page in English and Chinese, by Accept-Language (headless Chromium)', function () {
  let browser: SuiteBrowser;
  let server: RunningAuthServer;
  const DOCS = join(__dirname, '..', '..', 'docs');

  before(async function () {
    browser = await launchChromiumOrSkip(this);
    server = await startAuthServer();
  });

  after(async () => {
    await browser?.close();
    await server?.auth.close();
  });

  /** Signs in, then shows the error of a second, empty-password attempt over the session, and takes a screenshot. */
  async function pageIn(locale: string, screenshot: string): Promise<Page> {
    const page = await browser.newPage({ locale, timezoneId: 'UTC', viewport: { width: 1000, height: 760 } });
    await page.goto(`${server.origin}/auth/static/index.html`);
    await page.locator('#account').fill('admin');
    await page.locator('#password').fill('any password');
    await page.locator('#submit').click();
    await page.locator('#user dt').first().waitFor();
    await page.locator('#password').fill('');
    await page.locator('#submit').click();
    await page.locator('#sign-in-error').filter({ hasText: /\S/ }).waitFor();
    await page.evaluate('document.fonts.ready.then(() => true)');
    // Into test-results/ every run; into docs/ when asked: the PNG's bytes differ a little from run to run,
    // so an unconditional copy would leave every `npm test` with a changed file in git.
    await page.screenshot({ path: join(TEST_RESULTS, screenshot) });
    if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(join(DOCS, screenshot))) copyFileSync(join(TEST_RESULTS, screenshot), join(DOCS, screenshot));
    return page;
  }

  it('speaks English when the browser does not ask for Chinese, the API msg by its meaning, every glyph drawn', async () => {
    const page = await pageIn('en-US', 'sign-in-en.png');
    expect(await page.locator('html').getAttribute('lang')).to.equal('en');
    expect(await page.locator('h1').innerText()).to.equal('Sign in');
    expect(await page.locator('#sign-in-error').innerText()).to.equal('Enter both the account and the password.');
    expect(await missingGlyphs(page)).to.deep.equal([]);
    await page.close();
  });

  it('speaks Chinese when the browser asks for it, the API msg as sent, every glyph drawn (no CJK system font needed)', async () => {
    const page = await pageIn('zh-CN', 'sign-in-zh.png');
    expect(await page.locator('html').getAttribute('lang')).to.equal('zh-CN');
    expect(await page.locator('h1').innerText()).to.equal('登录');
    expect(await page.locator('label[for=account]').innerText()).to.equal('账号');
    expect(await page.locator('#session-title').innerText()).to.equal('已登录：管理员');
    expect(await page.locator('#sign-in-error').innerText()).to.equal('登录认证信息不全!!!');
    expect(await missingGlyphs(page)).to.deep.equal([]);
    // The page's every Chinese word and every API message, shown or not.
    const all = (await page.evaluate(`import('./i18n.js').then(({ TEXT, MESSAGES_EN }) =>
      [...Object.values(TEXT.zh).map((v) => (typeof v === 'function' ? v('管理员') : v)), ...Object.keys(MESSAGES_EN)].join(''))`)) as string;
    expect(await missingGlyphs(page, all)).to.deep.equal([]);
    // The check itself: another character no font has is reported.
    expect(await missingGlyphs(page, 'a\uE001')).to.deep.equal(['\uE001']);
    await page.close();
  });

  it('follows the first language the page speaks: Chinese for zh-TW, English for fr then en', async () => {
    for (const [locale, heading] of [['zh-TW', '登录'], ['fr-FR', 'Sign in']] as const) {
      const page = await browser.newPage({ locale });
      await page.goto(`${server.origin}/auth/static/index.html`);
      expect(await page.locator('h1').innerText(), locale).to.equal(heading);
      await page.close();
    }
  });
});

function secondsOf(hms: string): number {
  const [h, m, s] = hms.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}
