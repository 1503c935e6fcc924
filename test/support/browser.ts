import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it when missing). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Where browser tests write their screenshots (gitignored). */
export const ARTIFACTS_DIR = resolve(__dirname, '..', '..', 'test-artifacts', 'web');

export interface Viewport {
  width: number;
  height: number;
}

export const VIEWPORTS: Record<'desktop' | 'phone', Viewport> = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A page that records what its console and its scripts complain about; tests expect none. */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

export async function openPage(browser: Browser, viewport: Viewport = VIEWPORTS.desktop): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, context, problems };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Runs axe-core in the page (evaluated through the debugging protocol, so the page's CSP stays
 * on) and returns the serious and critical violations.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  // A string, not a function: it runs in the page, where `axe` and `document` exist.
  const violations = await page.evaluate<AxeViolation[]>(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target })) })))`);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/**
 * Pages a spec opens, each closed after its test with no console error or warning left (a test
 * that expects one removes it from `pages[i].problems`).
 */
export function watchedPages(browser: () => Browser) {
  const pages: WatchedPage[] = [];
  afterEach(async () => {
    for (const { context, problems } of pages.splice(0)) {
      await context.close();
      expect(problems).toEqual([]);
    }
  });
  const open = async (viewport = VIEWPORTS.desktop): Promise<Page> => {
    const watched = await openPage(browser(), viewport);
    pages.push(watched);
    return watched.page;
  };
  return { pages, open };
}

/**
 * Debian's Chromium for the describe block this is called in (launched before its tests, closed
 * after them), and `watchedPages` over it.
 */
export function chromiumPages() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  return watchedPages(() => {
    if (!browser) throw new Error('Chromium is not running');
    return browser;
  });
}
