import { join } from 'node:path';
import { expect } from 'chai';
import { TEST_RESULTS, withChromiumAndAuthServer } from '../support/headlessChromium';

describe('Swagger UI in headless Chromium', function () {
  const session = withChromiumAndAuthServer();

  it('renders every documented operation with no failed request', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1200, height: 1000 } });
    const failures: string[] = [];
    page.on('requestfailed', (req) => failures.push(`${req.url()} ${req.failure()?.errorText ?? ''}`));
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.url()} ${response.status()}`);
    });
    try {
      await page.goto(`${session.server.origin}/auth/swagger-ui`);
      expect(new URL(page.url()).pathname).to.equal('/auth/swagger-ui/');
      await page.locator('.opblock').first().waitFor();

      const paths = await page.locator('.opblock-summary-path').allInnerTexts();
      const document = (await fetch(`${session.server.origin}/auth/v3/api-docs`).then((r) => r.json())) as { paths: Record<string, object> };
      const rendered = paths.map((path) => path.replace(/\u200b/g, '').trim());
      expect(rendered).to.include.members(Object.keys(document.paths));
      expect(await page.locator('.info .title').innerText()).to.contain('Auth service');
      expect(failures).to.deep.equal([]);
      await page.screenshot({ path: join(TEST_RESULTS, 'swagger-ui.png') });
    } finally {
      await page.close();
    }
  });
});
