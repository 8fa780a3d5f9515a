/**
 * Shared setup for the browser tests: they run against the PRODUCTION build
 * (`build/`, made by turbo's build task before `test`), served by our own tiny
 * static server, in Debian's Chromium driven by playwright-core.
 * One browser per vitest worker; a fresh context per test that changes state,
 * tabs of a shared context (newTab, reusedTab) for the others, checked when
 * the file ends (Site.close): a fresh context starts a renderer process
 * (about 2 CPU-s for an API page, against 1 for a tab beside an open page of
 * the site, 0.6 for a second load in the same tab).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { brand } from '../brand';
import { serveStatic } from '../scripts/serve.mjs';

export const portalDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * How long a Playwright wait (an element, a navigation, an answer) may take
 * before it fails: sized for a slow, busy 2-core machine, where loading and
 * hydrating one page was seen to take 5 s and more. A wait ends as soon as its
 * condition holds, so a generous limit costs nothing on a fast machine.
 */
export const WAIT_MS = 60_000;
export const buildDir = fileURLToPath(new URL('../build', import.meta.url));

/** Every HTML file under `dir` (the built site's pages), found recursively. */
export function htmlFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...htmlFiles(path));
    else if (entry.name.endsWith('.html')) found.push(path);
  }
  return found;
}

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath(): string {
  const found = CHROMIUM_CANDIDATES.find((p): p is string => !!p && existsSync(p));
  if (!found) {
    // Fail loudly: a missing browser must not look like a passing suite.
    throw new Error(
      'Chromium not found (looked for $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser). ' +
        'Install it with `apt-get update && apt-get install -y chromium`; the portal browser tests cannot run without it.',
    );
  }
  return found;
}

export interface Site {
  url: string;
  browser: Browser;
  /** One context for the whole file, with newPage's defaults, or PHONE's (see newTab). */
  sharedContext(device?: Device): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * One Chromium per vitest worker (a process; vitest.config.ts runs the files
 * of a worker one after another, in one module graph), started by the first
 * file that needs it: starting a browser for every file cost a launch each.
 * Each file gets its own contexts and closes them (Site.close); Playwright
 * closes the browser when the worker exits (and Chromium exits by itself when
 * the pipe to a killed worker closes).
 */
let sharedBrowser: Promise<Browser> | undefined;

function workerBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  sharedBrowser ??= chromium.launch({ executablePath, args: CHROMIUM_FLAGS }).catch((error: unknown) => {
    sharedBrowser = undefined;
    throw error;
  });
  return sharedBrowser;
}

export async function startSite(): Promise<Site> {
  if (!existsSync(`${buildDir}/index.html`)) {
    throw new Error(
      `No production build in ${buildDir}. Run \`pnpm build\` in packages/portal (turbo does it before test).`,
    );
  }
  const browser = await workerBrowser();
  const server = (await serveStatic({ dir: buildDir, port: 0 })) as { url: string; close(): Promise<void> };
  const before = new Set(browser.contexts());
  const shared = new Map<Device, Promise<SharedContext>>();
  const sharedWithAnchor = (device: Device) => {
    // Its first page stays open on a same-site text file (no script): the
    // tabs opened next share that page's renderer process, with the scripts
    // it has compiled, instead of each starting one (about 1 CPU-s a tab).
    let opened = shared.get(device);
    if (!opened) {
      opened = newPage(site, device === 'phone' ? PHONE : {}).then(async ({ context, page }) => {
        // Every worker started, even one that unregisters itself before the file ends.
        const workers: string[] = [];
        context.on('serviceworker', (worker) => workers.push(worker.url()));
        await page.goto('/llms.txt');
        return { context, anchor: page, workers };
      });
      shared.set(device, opened);
    }
    return opened;
  };
  const site: Site = {
    url: server.url,
    browser,
    sharedContext: async (device = 'desktop') => (await sharedWithAnchor(device)).context,
    async close() {
      // What the tabs left in the shared contexts, read before they close: a
      // test that wrote state there must have had a context of its own.
      const leaks = await Promise.all(
        [...shared.entries()].map(async ([device, opened]) => sharedStateLeft(device, await opened)),
      ).catch((error: unknown) => [`the shared contexts could not be read: ${String(error)}`]);
      // Every context this file opened, a test's left open by a failure included; the browser stays for the next file.
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
      await server.close();
      const found = leaks.flat();
      if (found.length)
        throw new Error(`state left in a shared context (use newPage for that test): ${found.join('; ')}`);
    },
  };
  return site;
}

/**
 * The production build served locally and one Chromium, for the test file that
 * calls this (started before its tests, closed after them).
 */
export function useSite(): Site {
  let started: Site | undefined;
  beforeAll(async () => {
    started = await startSite();
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): Site => {
    if (!started) throw new Error('useSite(): the site is used before beforeAll started it');
    return started;
  };
  return {
    get url() {
      return current().url;
    },
    get browser() {
      return current().browser;
    },
    sharedContext: (device) => current().sharedContext(device),
    close: () => current().close(),
  };
}

/** A phone, as Lighthouse's mobile run sees one (Moto G Power: 412 x 823, touch). */
export const PHONE: BrowserContextOptions = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/** The shared contexts: a desktop's (newPage's defaults) and a phone's (PHONE; `isMobile` and `hasTouch` are set per context only). */
export type Device = 'desktop' | 'phone';

/**
 * Every page load writes the announcement bar's id and "not dismissed" to
 * localStorage (Docusaurus), the same for every tab: anything else there
 * (a dismissal, a colour choice, a tab choice), a cookie or a service worker
 * is state a later tab could see; so is Playwright's clock (page.clock is the
 * context's).
 */
interface SharedContext {
  context: BrowserContext;
  /** Its first page, open on /llms.txt until the file ends. */
  anchor: Page;
  /** The URL of each service worker started in it. */
  workers: string[];
}

async function sharedStateLeft(device: Device, { context, anchor, workers }: SharedContext) {
  const stored = await anchor.evaluate(() => Object.entries(window.localStorage));
  const written = stored.filter(
    ([key, value]) =>
      !(key.startsWith('docusaurus.announcement.id') && value === brand.announcement.id) &&
      !(key.startsWith('docusaurus.announcement.dismiss') && value === 'false'),
  );
  // page.clock is the context's: installed by one tab, it runs every tab's timers.
  const clock = await anchor.evaluate(() => '__pwClock' in globalThis);
  return [
    ...(clock ? [`${device}: a clock installed (page.clock)`] : []),
    ...written.map(([key, value]) => `${device}: localStorage ${key}=${value}`),
    ...(await context.cookies()).map((cookie) => `${device}: cookie ${cookie.name}`),
    ...workers.map((url) => `${device}: service worker ${url}`),
  ];
}

/** The messages of the page's uncaught errors from now on, until `stop`. */
function capturePageErrors(page: Page): { errors: string[]; stop(): void } {
  const errors: string[] = [];
  const capture = (error: Error) => errors.push(error.message);
  page.on('pageerror', capture);
  return { errors, stop: () => void page.off('pageerror', capture) };
}

/**
 * A context of its own (the shared ones are made with it too). Its reader
 * asks for reduced motion, a setting the site honours (Docusaurus's
 * collapsibles and Infima's transitions take no time): a click on a sidebar
 * category is not followed by waiting for its animation to end, nor by the
 * frames it paints (the /api/ overview's sidebar walk: 3.9 s -> 1.2 s). A
 * test of motion itself sets it back (`page.emulateMedia`).
 */
export async function newPage(
  site: Site,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await site.browser.newContext({
    baseURL: site.url,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    ...options,
  });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  const page = await context.newPage();
  return { context, page, errors: capturePageErrors(page).errors };
}

/** Wait until React has hydrated (Docusaurus sets data-has-hydrated on <html>). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** `text` from the built HTML with its character references decoded (named ones React and the guides emit, and numeric ones), in one pass. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
    if (entity[0] !== '#') return NAMED_ENTITIES[entity.toLowerCase()]!;
    return String.fromCodePoint(entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
  });
}

/** The `<title>` of a route's server-rendered page in the build (the not-found page's for an unknown path). */
export function builtTitle(path: string): string {
  const pathname = new URL(path, 'http://localhost').pathname.replace(/\/$/, '');
  const file =
    [`${buildDir}${pathname}/index.html`, `${buildDir}${pathname}.html`].find((candidate) => existsSync(candidate)) ??
    `${buildDir}/404.html`;
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(readFileSync(file, 'utf8'))?.[1];
  if (title === undefined) throw new Error(`${file} has no <title>`);
  return decodeEntities(title);
}

/**
 * Client-side navigation to `path`, as the app itself navigates (react-router
 * following a history change, as on Back and Forward): the page renders in
 * the running app, with no full load, no new run of main.js and no new
 * hydration, and what the page started (the sandbox) keeps running. Done
 * once the new page has rendered: its URL, and the document title its page
 * sets, the one its server-rendered page in the build has (every page's
 * title is its own). The canonical URL alone is not enough: Docusaurus
 * changes it while the next page's chunks still load.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const title = builtTitle(path);
  const pathname = new URL(path, 'http://localhost').pathname;
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page
    .waitForFunction(({ to, expected }) => window.location.pathname === to && document.title === expected, {
      to: pathname,
      expected: title,
    })
    .catch(async (error: Error) => {
      const now = await page.evaluate(() => `${window.location.pathname}, "${document.title}"`).catch(() => '?');
      throw new Error(`in-app navigation to ${path}: the page shows ${now}, not "${title}" (${error.message})`);
    });
}

/** What a tab of a shared context may set for itself, before its first load. */
export interface TabOptions {
  /** The phone's shared context (PHONE) instead of the desktop's. */
  device?: Device;
  /** Instead of the context's (1280 x 800 on the desktop, 412 x 823 on the phone). */
  viewport?: { width: number; height: number };
  /** The reader's system setting (`prefers-color-scheme`); light when not set. */
  colorScheme?: 'light' | 'dark';
}

/**
 * A new tab in the file's shared context, for a test that leaves nothing a
 * later test could see: no storage beyond what every load writes, no
 * cookies, service workers, permissions, clock (page.clock is the context's)
 * or context routes (a route or an init script of the tab itself ends with it;
 * Site.close fails the file on what is left). The shared context keeps its HTTP cache and compiled
 * scripts warm, so a page loads in about half the time it takes in a new
 * context. Each tab has its own sessionStorage.
 */
export async function newTab(
  site: Site,
  { device = 'desktop', viewport, colorScheme }: TabOptions = {},
): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const page = await (await site.sharedContext(device)).newPage();
  if (viewport) await page.setViewportSize(viewport);
  if (colorScheme) await page.emulateMedia({ colorScheme });
  return { page, errors: capturePageErrors(page).errors, close: () => page.close() };
}

/**
 * One tab of a shared context for many independent read-only cases (a file's
 * or a describe's): each case loads its page in it with page.goto, a real
 * full load, in the renderer that has the site's scripts compiled (about
 * 0.6 CPU-s for an API page against 1 for a new tab). Each call gives the
 * tab with a page-error capture of its own, ended by `done`; the tab closes
 * with the file's contexts. Not for a case that routes, adds init scripts
 * or reads sessionStorage: those stay with the tab for the next case.
 */
export function reusedTab(
  site: Site,
  options: TabOptions = {},
): () => Promise<{ page: Page; errors: string[]; done(): void }> {
  let tab: ReturnType<typeof newTab> | undefined;
  return async () => {
    tab ??= newTab(site, options);
    const { page } = await tab;
    const { errors, stop } = capturePageErrors(page);
    return { page, errors, done: stop };
  };
}

/**
 * Waits until the page has settled: its network quiet (Playwright's
 * `networkidle`: nothing for 500 ms), then two frames and an idle period, by
 * which time every IntersectionObserver callback of what is on screen has run
 * (Docusaurus's link prefetch, the try-it panel's lazy load). A check that
 * something did NOT load then holds however slow the machine: the quiet
 * network alone is a timer, and a late observer callback could come after it.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve)))),
  );
}
