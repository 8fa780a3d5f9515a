/**
 * Shared setup for the browser tests: they run against the PRODUCTION build
 * (`build/`, made by turbo's build task before `test`), served by our own tiny
 * static server, in Debian's Chromium driven by playwright-core.
 * One browser and one server per vitest worker. A test that only reads takes
 * a tab of a shared context (newTab, reusedTab), checked when the file ends
 * (Site.close); a test that writes state, a clean tab (cleanTab: a context
 * emptied before and after it); a test that needs a clock, a context option or
 * nothing cached, a context of its own (newPage). Measured on an API page, with
 * Chromium's CPU: a new context's first load about 2.7 CPU-s (a renderer
 * process started, every script compiled), a new tab of a warm context 0.56
 * (its renderer shared, see --renderer-process-limit), a reload 0.26.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';
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

/**
 * Debian's `chromium-headless-shell` first: the same Chromium release as the
 * `chromium` package (Blink, V8, one source package), without the desktop
 * browser's window and UI, which headless `chromium` still lays out and
 * composites ("more performant for automation tasks", Puppeteer's guide to
 * headless modes says). Measured, back to back, the portal's whole suite: 285
 * CPU-s against 330 with `chromium` (the browser process 17 against 45), every
 * test passing in either. `chromium` serves when the shell is not installed.
 */
const CHROMIUM_CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // V8's optimizing compilers (Maglev, TurboFan) off: a test's page lives for
  // seconds, too short for optimized code to repay its compiling. The same
  // JavaScript runs, in V8's interpreter and baseline compiler. Measured, 16
  // full loads and 16 in-app moves, three rounds alternated: Chromium 11.7-12.5
  // CPU-s against 14.5-15.9 (the renderers 8.3-8.8 against 11.0-12.1).
  '--js-flags=--no-opt --no-maglev',
  // One renderer process per context and site: a new tab joins the process its
  // context already has (the anchor's, see sharedContext) instead of starting
  // one, or taking the spare Chromium keeps warm for it. The anchor alone did
  // not get there: the suite started 71 renderers. Measured, a new tab's API
  // page load: 0.56 CPU-s against 0.85 (a reload in the same tab 0.26); the
  // portal suite back to back: 337 CPU-s (180 s, 15 renderers) against 382
  // (202 s, 71 renderers).
  '--renderer-process-limit=1',
];

export function chromiumPath(): string {
  const found = CHROMIUM_CANDIDATES.find((p): p is string => !!p && existsSync(p));
  if (!found) {
    // Fail loudly: a missing browser must not look like a passing suite.
    throw new Error(
      `Chromium not found (looked for ${CHROMIUM_CANDIDATES.slice(1).join(', ')} and $CHROMIUM_PATH). ` +
        'Install it with `apt-get update && apt-get install -y chromium-headless-shell` (or `chromium`); the portal browser tests cannot run without it.',
    );
  }
  return found;
}

export interface Site {
  url: string;
  browser: Browser;
  /** The worker's context for tabs that only read, with newPage's defaults, or PHONE's (see newTab). */
  sharedContext(device?: Device): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * One Chromium per vitest worker (a process; vitest.config.ts runs the files
 * of a worker one after another, in one module graph), started by the first
 * file that needs it: starting a browser for every file cost a launch each.
 * Playwright closes the browser when the worker exits (and Chromium exits by
 * itself when the pipe to a killed worker closes).
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

/**
 * One server of the build per worker too, and the shared contexts kept from
 * file to file: every file's pages come from one origin, so a context's HTTP
 * cache and compiled scripts serve the next file's tabs. A new context's first
 * API page costs about 2.7 CPU-s, a tab of a warm context 0.56.
 */
let sharedServer: Promise<string> | undefined;

function workerServer(): Promise<string> {
  sharedServer ??= serveStatic({ dir: buildDir, port: 0 }).then(
    (server) => server.url,
    (error: unknown) => {
      sharedServer = undefined;
      throw error;
    },
  );
  return sharedServer;
}

/**
 * The worker's shared contexts, by kind: a desktop's and a phone's for tabs
 * that only read (newTab, reusedTab; checked when each file ends), and a
 * desktop's and a phone's for clean tabs (cleanTab; cleared before and after
 * each). Each has a first page, the anchor, open on a same-site text file (no
 * script): it keeps the context's one renderer process alive between tests,
 * for the tabs opened next to join (--renderer-process-limit).
 */
type SharedKind = Device | `${Device}:clean`;
const sharedContexts = new Map<SharedKind, Promise<SharedContext>>();

function sharedContext(site: Site, kind: SharedKind): Promise<SharedContext> {
  let opened = sharedContexts.get(kind);
  if (!opened) {
    opened = newPage(site, kind.startsWith('phone') ? PHONE : {}).then(async ({ context, page }) => {
      // Every worker started, even one that unregisters itself before the file ends.
      const workers: string[] = [];
      context.on('serviceworker', (worker) => workers.push(worker.url()));
      await page.goto('/llms.txt');
      return { context, anchor: page, workers };
    });
    opened.catch(() => sharedContexts.delete(kind));
    sharedContexts.set(kind, opened);
  }
  return opened;
}

/** Closes every tab of a shared context but its anchor. */
async function closeTabs({ context, anchor }: SharedContext): Promise<void> {
  await Promise.all(context.pages().map((page) => (page === anchor ? undefined : page.close())));
}

/** Closes a shared context whose state cannot be trusted: the next tab of its kind gets a new one. */
async function dropShared(kind: SharedKind, shared: SharedContext): Promise<void> {
  sharedContexts.delete(kind);
  await shared.context.close();
}

export async function startSite(): Promise<Site> {
  if (!existsSync(`${buildDir}/index.html`)) {
    throw new Error(
      `No production build in ${buildDir}. Run \`pnpm build\` in packages/portal (turbo does it before test).`,
    );
  }
  const [browser, url] = await Promise.all([workerBrowser(), workerServer()]);
  const before = new Set(browser.contexts());
  const site: Site = {
    url,
    browser,
    sharedContext: async (device = 'desktop') => (await sharedContext(site, device)).context,
    async close() {
      // The tabs this file left open close; then what they left in the shared
      // contexts is read: a test that wrote state there needed a clean tab or
      // a context of its own. A context with state left is closed.
      const leaks: string[] = [];
      for (const [kind, opened] of sharedContexts) {
        const shared = await opened.catch(() => undefined);
        if (!shared) continue;
        if (kind.endsWith(':clean')) {
          // A test that failed before closing its clean tab: cleared here (clearShared drops a context it cannot clear).
          await clearShared(site, kind, shared).catch((error: Error) => leaks.push(error.message));
          continue;
        }
        const left = await closeTabs(shared)
          .then(() => sharedStateLeft(kind, shared))
          .catch((error: unknown) => [`${kind}: the shared context could not be read: ${String(error)}`]);
        if (left.length) {
          leaks.push(...left);
          await dropShared(kind, shared);
        }
      }
      // Every other context opened since the file started, a test's left open by a failure included.
      const shared = new Set(
        (await Promise.all([...sharedContexts.values()].map((opened) => opened.catch(() => undefined)))).map(
          (opened) => opened?.context,
        ),
      );
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context) && !shared.has(context))
          .map((context) => context.close()),
      );
      if (leaks.length)
        throw new Error(`state left in a shared context (use cleanTab or newPage for that test): ${leaks.join('; ')}`);
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
  /** Its first page, open on /llms.txt while the worker runs. */
  anchor: Page;
  /** The URL of each service worker started in it since it was last cleared. */
  workers: string[];
}

async function sharedStateLeft(kind: SharedKind, { context, anchor, workers }: SharedContext) {
  const stored = await anchor.evaluate(() => Object.entries(window.localStorage));
  const written = stored.filter(
    ([key, value]) =>
      !(key.startsWith('docusaurus.announcement.id') && value === brand.announcement.id) &&
      !(key.startsWith('docusaurus.announcement.dismiss') && value === 'false'),
  );
  // page.clock is the context's: installed by one tab, it runs every tab's timers.
  const clock = await anchor.evaluate(() => '__pwClock' in globalThis);
  return [
    ...(clock ? [`${kind}: a clock installed (page.clock)`] : []),
    ...written.map(([key, value]) => `${kind}: localStorage ${key}=${value}`),
    ...(await context.cookies()).map((cookie) => `${kind}: cookie ${cookie.name}`),
    ...workers.map((url) => `${kind}: service worker ${url}`),
  ];
}

/**
 * Empties a clean tabs' context of what the site can keep in a browser
 * (storage, service workers, cookies, permissions) and checks that nothing is
 * left. Its tabs are closed first: a service worker's clients end with them.
 */
async function clearShared(site: Site, kind: SharedKind, shared: SharedContext): Promise<void> {
  const { context, anchor, workers } = shared;
  const cleared = (async () => {
    await closeTabs(shared);
    const session = await context.newCDPSession(anchor);
    await session.send('Storage.clearDataForOrigin', { origin: site.url, storageTypes: 'all' });
    await session.detach();
    await Promise.all([context.clearCookies(), context.clearPermissions()]);
    workers.length = 0;
    const registered = await anchor.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
    const left = await sharedStateLeft(kind, shared);
    return registered ? [...left, `${kind}: ${registered} service worker registration(s)`] : left;
  })().catch((error: unknown) => [`${kind}: could not be cleared: ${String(error)}`]);
  const left = await cleared;
  if (left.length) {
    await dropShared(kind, shared);
    throw new Error(`a clean tab's context kept state after it was cleared: ${left.join('; ')}`);
  }
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
  return { context, ...(await openTab(context, {})) };
}

/** Each tab's requests not answered yet, and since when: what `settled` names when the network never goes quiet. */
const openRequests = new WeakMap<Page, Map<Request, number>>();

function trackOpenRequests(page: Page): void {
  const open = new Map<Request, number>();
  openRequests.set(page, open);
  page.on('request', (request) => open.set(request, Date.now()));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
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

/** A new tab of `context`, sized and in the colour mode asked for, with its page errors captured. */
async function openTab(
  context: BrowserContext,
  { viewport, colorScheme }: TabOptions,
): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  trackOpenRequests(page);
  if (viewport) await page.setViewportSize(viewport);
  if (colorScheme) await page.emulateMedia({ colorScheme });
  return { page, errors: capturePageErrors(page).errors };
}

/**
 * A new tab in the worker's shared context, for a test that leaves nothing a
 * later test could see: no storage beyond what every load writes, no
 * cookies, service workers, permissions, clock (page.clock is the context's)
 * or context routes (a route or an init script of the tab itself ends with it;
 * Site.close fails the file on what is left). The shared context keeps its HTTP cache and compiled
 * scripts warm, so a page loads in about half the time it takes in a new
 * context. Each tab has its own sessionStorage.
 */
export async function newTab(
  site: Site,
  { device = 'desktop', ...options }: TabOptions = {},
): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const { page, errors } = await openTab(await site.sharedContext(device), options);
  return { page, errors, close: () => page.close() };
}

/**
 * A tab for a test that writes what a reader's browser keeps (storage, the
 * sandbox's service worker, cookies, a permission), starting as clean as a
 * new context at about 60 % of its cost (a test that starts the sandbox and
 * sends once: 2.05 CPU-s against 3.4): a tab of the worker's clean context,
 * which is cleared before the tab opens and when `close` is called (its tabs
 * closed, then storage, service workers, cookies and permissions), its HTTP
 * cache and compiled scripts kept. `context` opens more tabs of the same reader; they
 * close with `close`. A test that needs a clock (page.clock is the context's),
 * a context option or route, or nothing cached, takes newPage.
 */
export async function cleanTab(
  site: Site,
  { device = 'desktop', permissions, ...options }: TabOptions & { permissions?: string[] } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[]; close(): Promise<void> }> {
  const kind = `${device}:clean` as const;
  const shared = await sharedContext(site, kind);
  await clearShared(site, kind, shared);
  if (permissions) await shared.context.grantPermissions(permissions, { origin: site.url });
  const { page, errors } = await openTab(shared.context, options);
  return { context: shared.context, page, errors, close: () => clearShared(site, kind, shared) };
}

/**
 * One tab of a shared context for many independent read-only cases (a file's
 * or a describe's): each case loads its page in it with page.goto, a real
 * full load, in the renderer that has the site's scripts compiled (about
 * 0.26 CPU-s for an API page against 0.56 for a new tab). Each call gives the
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
  // Once (CI, a slow host) the network did not go quiet for a minute on a
  // guide page: the message names what was still open, for the next time.
  await page.waitForLoadState('networkidle').catch((error: Error) => {
    const open = [...(openRequests.get(page) ?? [])].map(
      ([request, since]) =>
        `${request.method()} ${request.url()} (${request.resourceType()}, ${Date.now() - since} ms)`,
    );
    throw new Error(`${error.message}\nrequests not answered: ${open.join('; ') || 'none the page saw'}`);
  });
  await page.evaluate(
    () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve)))),
  );
}
