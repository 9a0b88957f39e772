/**
 * Browser helpers of the end-to-end suite: Debian's Chromium driven by playwright-core (no downloaded
 * browsers), one fresh context per test, an axe-core check that fails on serious or critical
 * accessibility violations of every page the suite visits, and a watch that fails the test on anything the
 * browser refused because of the site's headers: a Content-Security-Policy violation (the stack serves the
 * production build with CloudFront's headers, see test/support/stack-setup.ts), a frame that may not be shown, a
 * script of the wrong type under nosniff.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { freePort } from '@infra/local/ports';
import { startDevServer, type WebServer } from '@infra/local/web';
import { getStack, webMode } from '@test/support/stack';
import { animationsFinished } from './animations';

/**
 * Debian's headless shell (package chromium-headless-shell, the same engine and version as its chromium): the full
 * browser in headless mode also runs its window's own interface, and cost about five times the CPU per browser context
 * on the two-core CI machine, where the browser suite is most of the run.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** What the browser refused in this context so far (see watchRefusals). */
  refused: ReadonlySet<string>;
}

/** The name under which the page reports a `securitypolicyviolation` event to the test. */
const REFUSAL_BINDING = '__leasedeskRefused';

/**
 * Collects what the browser refuses in every page and frame of the context: each CSP violation (reported by the
 * page's `securitypolicyviolation` event, caught before any script of the page runs) and each console message
 * "Refused to ..." (Chromium's words for CSP blocks, X-Frame-Options and frame-ancestors refusals, and nosniff).
 */
async function watchRefusals(context: BrowserContext): Promise<Set<string>> {
  const refused = new Set<string>();
  await context.exposeBinding(REFUSAL_BINDING, (_source, text: string) => refused.add(text));
  await context.addInitScript((binding) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (text: string) => void>)[binding];
        // Without the query: a signed URL's signature says nothing about the refusal.
        const blocked = event.blockedURI.split('?')[0] || 'an inline resource';
        report?.(`CSP ${event.effectiveDirective} blocked ${blocked} on ${event.documentURI}`);
      },
      true,
    );
  }, REFUSAL_BINDING);
  context.on('console', (message) => {
    if (message.text().startsWith('Refused to ')) refused.add(message.text());
  });
  return refused;
}

export interface PageOptions {
  /** Default: a desktop window, 1280 x 900. */
  viewport?: { width: number; height: number };
  /** Default true; false: the page as a browser without scripts gets it (the trending embed's cards are in its HTML). */
  javaScriptEnabled?: boolean;
}

let sharedBrowser: Promise<Browser> | undefined;

/**
 * The browser of the test files of one shard: launched by the first file that needs it and kept for the next, as
 * the shard's module registry is (vitest.config.ts, the stack project); one that crashed is launched again.
 */
function browserOfShard(): Promise<Browser> {
  sharedBrowser ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => (sharedBrowser = undefined));
    return browser;
  });
  return sharedBrowser;
}

/**
 * Returns a function that opens a fresh, isolated context on the stack's web app for each test (`build: 'dev'`: on
 * Vite's dev server), in the shard's browser; the file's contexts are closed after its tests, so nothing it opened
 * reaches the next file. A test fails when the browser refused anything in a context it opened.
 */
export function useWebApp({ build = 'stack' }: { build?: 'stack' | 'dev' } = {}): (options?: PageOptions) => Promise<TestPage> {
  let browser: Browser | undefined;
  let devServer: WebServer | undefined;
  let baseURL = '';
  let opened: TestPage[] = [];
  beforeAll(async () => {
    browser = await browserOfShard();
    baseURL = getStack().urls.web;
    // A screen that only a dev build has (/dev/pickers) needs Vite's dev server: a file-local one when the stack
    // serves the production build.
    if (build === 'dev' && webMode() !== 'dev') {
      const port = await freePort();
      devServer = await startDevServer(port, getStack());
      baseURL = `http://127.0.0.1:${port}`;
    }
  });
  afterEach(() => {
    const refused = opened.flatMap((testPage) => [...testPage.refused]);
    opened = [];
    expect(refused, 'the browser refused what the page loads (CSP, framing or nosniff)').toEqual([]);
  });
  afterAll(async () => {
    // Files run one after another in a shard: every context still open now is this file's (a failed test's).
    await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
    await devServer?.close();
  });
  return async (options) => {
    if (!browser) throw new Error('useWebApp(): the browser is launched in beforeAll, use the returned function inside tests');
    const testPage = await openPage(browser, baseURL, options);
    opened.push(testPage);
    return testPage;
  };
}

/** A new isolated context (no shared session storage) on the web app. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  { viewport = { width: 1280, height: 900 }, javaScriptEnabled = true }: PageOptions = {},
): Promise<TestPage> {
  const context = await browser.newContext({ baseURL, viewport, javaScriptEnabled });
  // A wait ends when its state shows; this is only how long to give it before calling it missing. Two CI shards
  // beside each other (two browsers, two DynamoDB Locals, cold functions) have held one step over 15 s.
  context.setDefaultTimeout(30_000);
  const refused = await watchRefusals(context);
  const page = await context.newPage();
  return { context, page, refused };
}

/**
 * Fails with a readable list when the page has serious or critical axe-core violations. `within` limits the check
 * to one part, e.g. an open modal popup while the rest of the page is inert (aria-hidden) behind it.
 */
export async function expectAccessible(page: Page, within?: string): Promise<void> {
  // axe measures colour contrast at the opacity of the moment: a toast still fading in, or a list dimmed while its
  // next page loads (aria-busy, e.g. the brokers' month), would read as low-contrast. Measure the settled page.
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  await animationsFinished(page);
  // Only violations are asked for in detail (axe otherwise builds a selector for every node that passed). A page
  // without frames from another origin is checked by axe.run() inside the page itself: axe's default cross-origin
  // mode opens a second page per check to merge the frames' results, about 4 s of CPU each on the two-core CI
  // machine, and the suite checks some 150 screens (docs/bench.md, "Where CI's time goes").
  const origin = new URL(page.url()).origin;
  const crossOriginFrames = page
    .frames()
    .some((frame) => frame !== page.mainFrame() && /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(!crossOriginFrames);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * A full-page screenshot (or only the window, `fullPage: false`, e.g. a phone's open menu) for review under
 * test/e2e/screenshots/ (git-ignored), without toasts in the way. Not taken in CI (`CI` set), where the toasts are
 * still dismissed, so a test runs the same steps either way.
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  // Toasts come and go on their own (and `all()` is a snapshot): dismiss the first one present until none is left,
  // ignoring one that closed by itself meanwhile.
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  for (let left = 10; left > 0 && (await dismiss.count()) > 0; left--) {
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  // Nobody reviews a CI run's screenshots, and a full-page capture costs a second or more of a busy machine's CPU.
  if (process.env.CI) return;
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS_DIR}${name}.png`, fullPage });
}

/** The path of the page once the app has settled on `path` (redirects are client-side). */
export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
  expect(new URL(page.url()).pathname).toBe(path);
}

export interface ExpectedToast {
  title: string;
  description: string;
  variant: 'default' | 'success' | 'destructive';
}

/** Waits for one notification with exactly this title and description, and checks its variant (destructive or not). */
export async function expectToast(page: Page, { title, description, variant }: ExpectedToast): Promise<void> {
  const toast = page
    .getByRole('region', { name: 'Notifications' })
    .locator(':scope > div')
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ has: page.getByText(description, { exact: true }) })
    .last();
  await toast.waitFor();
  await expect.poll(() => toast.getAttribute('data-variant')).toBe(variant);
}

/** Whether this element has the keyboard focus. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Whether focus sits on the page body (nowhere), as it does when the focused control is removed. */
export function isFocusLost(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement === null || document.activeElement === document.body);
}

export interface LoadedScript {
  url: string;
  code: string;
}

/** Starts recording the scripts the page loads; the returned function gives them, with their code, once loaded. */
export function recordScripts(page: Page): () => Promise<LoadedScript[]> {
  const loaded: Promise<LoadedScript>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = response.url();
    loaded.push(
      response.text().then(
        (code) => ({ url, code }),
        () => ({ url, code: '' }),
      ),
    );
  });
  return () => Promise.all(loaded);
}

/**
 * Whether a script is a public page's own entry: on the dev server its module (`/src/embed/main.tsx`), in the
 * production build the chunk Vite names after the entry (`/assets/embed-<hash>.js`).
 */
export function isEntry(chunk: string, devModule: string): (script: LoadedScript) => boolean {
  const built = new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`);
  return ({ url }) => (webMode() === 'dev' ? new URL(url).pathname === devModule : built.test(new URL(url).pathname));
}

/**
 * The scripts of the staff app among those a public page loaded: on the dev server modules are told by their
 * path (a whole shared module is served there, the route table included), in the production build chunks by their
 * tree-shaken code (Amplify's and React Router's names, the staff routes).
 */
export function staffAppScripts(scripts: LoadedScript[]): string[] {
  const isStaffApp =
    webMode() === 'dev'
      ? ({ url }: LoadedScript) =>
          /react-router|aws-amplify|\/src\/app\/|\/features\/(auth|dashboard)\//.test(new URL(url).pathname)
      : ({ code }: LoadedScript) => /aws-amplify|React Router|\/admin\/brokers/.test(code);
  return scripts.filter(isStaffApp).map(({ url }) => url);
}
