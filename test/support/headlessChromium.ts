import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { startAuthServer, type RunningAuthServer } from './authTestServer';

/** Debian's `chromium` package; `.ci/run` installs it when missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Where browser tests leave their screenshots (ignored by git). */
export const TEST_RESULTS = join(__dirname, '..', '..', 'test-results');

/** Where the docs' screenshots live. */
const DOCS = join(__dirname, '..', '..', 'docs');

/** Into test-results/ every run; into docs/ when asked (UPDATE_SCREENSHOTS=1) or missing: the PNG's bytes differ a little from run to run. */
export async function screenshotForDocs(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(TEST_RESULTS, name), fullPage: true });
  if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(join(DOCS, name))) copyFileSync(join(TEST_RESULTS, name), join(DOCS, name));
}

/** What a suite of browser tests uses: pages of its own in the process's one Chromium. */
export interface SuiteBrowser {
  /** A page in a new browser context (its own cookies, storage, locale and viewport). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Closes the pages this suite opened (and their contexts); the browser stays for the next suite. */
  close(): Promise<void>;
}

let shared: Promise<Browser> | undefined;

/**
 * Headless Chromium, launched once per test process: a launch costs ~4 s of CPU on the 2-core VM, a
 * mocha worker runs several browser test files in turn, and each test opens its pages in contexts of
 * its own, so nothing is shared between them but the browser process. Playwright closes it when the
 * process exits (and Chromium exits when its pipe to the process closes).
 */
function sharedChromium(): Promise<Browser> {
  shared ??= chromium
    .launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
    .then((browser) => {
      browser.once('disconnected', () => (shared = undefined));
      return browser;
    });
  return shared;
}

/**
 * Chromium for the calling suite, or skips it with a printed reason when the binary is not installed,
 * so a missing browser is never a silent pass.
 */
export async function launchChromiumOrSkip(context: Mocha.Context): Promise<SuiteBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`    SKIPPED browser tests of "${context.test?.parent?.fullTitle() ?? ''}": ${CHROMIUM_PATH} not found (apt-get install chromium)`);
    context.skip();
  }
  mkdirSync(TEST_RESULTS, { recursive: true });
  const browser = await sharedChromium();
  const opened = new Set<Page>();
  return {
    async newPage(options) {
      const page = await browser.newPage(options);
      opened.add(page);
      page.once('close', () => opened.delete(page));
      return page;
    },
    async close() {
      await Promise.all([...opened].map((page) => page.close()));
    },
  };
}

/**
 * For a describe block: takes Chromium (or skips the block, as launchChromiumOrSkip) and starts an
 * auth service before its tests, and closes its pages and the service after them. Read `browser` and
 * `server` inside tests.
 */
export function withChromiumAndAuthServer(env: Record<string, string> = {}): { readonly browser: SuiteBrowser; readonly server: RunningAuthServer } {
  const session = {} as { browser: SuiteBrowser; server: RunningAuthServer };
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

/** Runs in the page (a string: the project compiles without the DOM types). */
const MISSING_GLYPHS = `async (given) => {
  await document.fonts.ready;
  const source = given ?? document.body.innerText;
  const font = '32px ' + getComputedStyle(document.body).fontFamily;
  await document.fonts.load(font, source);
  const canvas = document.createElement('canvas');
  canvas.width = 48;
  canvas.height = 48;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.font = font;
  const draw = (char) => {
    context.clearRect(0, 0, 48, 48);
    context.fillText(char, 4, 36);
    return { width: context.measureText(char).width, pixels: new Uint32Array(context.getImageData(0, 0, 48, 48).data.buffer) };
  };
  const missing = draw('\\uE000');
  const same = (a, b) => a.width === b.width && a.pixels.every((pixel, i) => pixel === b.pixels[i]);
  return [...new Set([...source].filter((c) => c.trim() !== ''))].filter((c) => same(draw(c), missing));
}`;

/**
 * The characters of `text` (default: the page's visible text) that the page's fonts cannot draw: each
 * is drawn on a canvas in the page's font and compared, pixel for pixel, with a private-use character
 * no font has (U+E000: the missing-glyph box, or nothing).
 */
export async function missingGlyphs(page: Page, text?: string): Promise<string[]> {
  return page.evaluate(`(${MISSING_GLYPHS})(${JSON.stringify(text ?? null)})`) as Promise<string[]>;
}
