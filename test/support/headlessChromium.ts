import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startAuthServer, type RunningAuthServer } from './authTestServer';

/** Debian's `chromium` package; `.ci/run` installs it when missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Where browser tests leave their screenshots (ignored by git). */
export const TEST_RESULTS = join(__dirname, '..', '..', 'test-results');

/**
 * Launches headless Chromium, or skips the calling suite with a printed reason
 * when the binary is not installed, so a missing browser is never a silent pass.
 */
export async function launchChromiumOrSkip(context: Mocha.Context): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`    SKIPPED browser tests of "${context.test?.parent?.fullTitle() ?? ''}": ${CHROMIUM_PATH} not found (apt-get install chromium)`);
    context.skip();
  }
  mkdirSync(TEST_RESULTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * For a describe block: launches Chromium (or skips the block, as launchChromiumOrSkip) and starts an
 * auth service before its tests, and closes both after them. Read `browser` and `server` inside tests.
 */
export function withChromiumAndAuthServer(env: Record<string, string> = {}): { readonly browser: Browser; readonly server: RunningAuthServer } {
  const session = {} as { browser: Browser; server: RunningAuthServer };
  before(async function () {
    session.browser = await launchChromiumOrSkip(this);
    session.server = await startAuthServer(env);
  });
  after(async () => {
    await session.browser?.close();
    await session.server?.auth.close();
  });
  return session;
}
