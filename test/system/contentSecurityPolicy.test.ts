import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { withChromiumAndAuthServer } from '../support/headlessChromium';

/** Collects what the browser reports as blocked by the CSP, from the page and the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    // Chromium reports a blocked resource or frame on the console ("Refused to …").
    if (message.type() === 'error' && /Content Security Policy|Refused/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => violations.push(`pageerror: ${error.message}`));
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  // Page code as text: the test project is compiled without the DOM library.
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (event) => window.reportViolation(event.violatedDirective + ' ' + event.blockedURI));",
  );
  return violations;
}

describe('Content Security Policy in headless Chromium', function () {
  const session = withChromiumAndAuthServer();
  let page: Page;

  beforeEach(async () => {
    page = await session.browser.newPage({ locale: 'en-US' });
  });

  afterEach(async () => {
    await page?.close();
  });

  it('lets the sign-in page sign in, with the policy on and nothing blocked', async () => {
    const violations = await watchViolations(page);
    const response = await page.goto(`${session.server.origin}/auth/static/index.html`);
    expect(response?.headers()['content-security-policy']).to.include("frame-ancestors 'none'");
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('any password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('#user dt').first().waitFor();
    await page.locator('#key').filter({ hasText: /\S/ }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).innerText()).to.equal('Signed in as 管理员');
    expect(violations).to.deep.equal([]);
  });

  it('renders Swagger UI with the policy on and nothing blocked', async () => {
    const violations = await watchViolations(page);
    const response = await page.goto(`${session.server.origin}/auth/swagger-ui/`);
    expect(response?.headers()['content-security-policy']).to.include("script-src 'self'");
    await page.locator('.opblock').first().waitFor();
    // Opening an operation renders its schemas and examples: more of the page's code and styles run.
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body').first().waitFor();
    expect(await page.locator('.info .title').innerText()).to.contain('Auth service');
    expect(violations).to.deep.equal([]);
  });

  it('cannot be framed by another origin', async () => {
    const violations = await watchViolations(page);
    await page.setContent(`<iframe src="${session.server.origin}/auth/static/index.html"></iframe>`);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    await frame?.waitForLoadState().catch(() => undefined);
    // A refused frame shows Chromium's error page, not ours.
    expect(frame?.url()).not.to.equal(`${session.server.origin}/auth/static/index.html`);
    expect(await frame?.locator('#sign-in').count().catch(() => 0)).to.equal(0);
    expect(violations.join('\n')).to.match(/frame-ancestors/);
  });
});
