import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDir, gotoHydrated, newPage, newTab, useSite, settled } from './helpers';

const site = useSite();
// Tabs of the file's shared contexts: their routes and init scripts are the
// tab's own and end with it (a routed tab loads nothing from the
// cache); the crash page's switch is in the tab's sessionStorage.

describe('page behaviours', () => {
  it("crash page: 'This page crashed.' and 'Try again' re-renders the page", async () => {
    const { page, close } = await newTab(site);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('portal:crash-test:done')) sessionStorage.setItem('portal:crash-test', '1');
    });
    await gotoHydrated(page, '/test/crash');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('This page crashed.');
    // Disarm, then Try again: the same page renders without a reload.
    await page.evaluate(() => {
      sessionStorage.setItem('portal:crash-test:done', '1');
      sessionStorage.removeItem('portal:crash-test');
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByTestId('crash-test-ok').isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await close();
  });

  it('a colour-mode change repaints at once: no CSS transition runs, and transitions work again after', async () => {
    const { page, close } = await newTab(site);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    // An API page: the reference theme animates its tabs (`transition: all .3s`), and Infima its links.
    await gotoHydrated(page, '/api/create-uptime-test');
    await page.evaluate(() => {
      const started: string[] = [];
      Object.assign(window, { transitionsStarted: started });
      addEventListener('transitionrun', (event) => started.push(event.propertyName), true);
    });
    const twoFrames = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe(colorScheme);
      await twoFrames();
    }
    expect(
      await page.evaluate(() => (window as unknown as { transitionsStarted: string[] }).transitionsStarted),
    ).toEqual([]);
    // Off for the switch only: the sidebar's links fade on hover again.
    const button = page.locator('.theme-doc-sidebar-menu .menu__link').first();
    await expect.poll(() => button.evaluate((element) => getComputedStyle(element).transitionDuration)).not.toBe('0s');
    await close();
  });

  it('the crash-test route is not linked from the navbar, footer or sidebar', async () => {
    const { page, close } = await newTab(site);
    await gotoHydrated(page, '/guides/api/errors');
    expect(await page.locator('a[href*="/test/"]').count()).toBe(0);
    await close();
  });

  it('a page chunk that fails on first load shows an error box whose Retry recovers', async () => {
    const { page, close } = await newTab(site);
    let block = true;
    // Fail the route chunks of this page (not main/runtime), as a flaky network or a stale deploy would.
    await page.route(/\/assets\/js\/(?!main|runtime)[^/]+\.js$/, (route) =>
      block ? route.abort('failed') : route.continue(),
    );
    await page.goto('/guides/api/errors');
    const box = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
    await expect.poll(() => box.isVisible()).toBe(true);
    block = false;
    await box.getByRole('button', { name: 'Retry' }).click();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    expect(await box.count()).toBe(0);
    await close();
  });

  it('if loading the next route fails during navigation, the page is reloaded (Docusaurus default)', async () => {
    const { page, close } = await newTab(site);
    // From the start, so no prefetch (<link rel=prefetch>, kept by Chromium
    // beyond Playwright's routing) can have fetched the next route's chunks
    // before the failure is armed: prefetches fail, the page's own scripts load.
    let armed = false;
    let failed = 0;
    await page.route(/\/assets\/js\/(?!main|runtime)[^/]+\.js$/, (route) => {
      if (!armed && route.request().resourceType() === 'script') return route.continue();
      if (armed) failed++;
      return route.abort('failed');
    });
    await gotoHydrated(page, '/');
    armed = true;
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator('nav.navbar').getByRole('link', { name: 'Guides', exact: true }).click();
    // Polled, not read once the URL changed: the router pushes the URL at the
    // click, while the failing chunk requests reach the route handler in their
    // own time (read at 'framenavigated', a busy run once counted none).
    await expect.poll(() => failed).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
    await close();
  });

  it('a route-progress bar appears only after 200 ms of loading', async () => {
    // A context of its own: page.clock is the context's (Playwright), not the tab's.
    const { context, page } = await newPage(site);
    await gotoHydrated(page, '/');
    // From here the page's clock is Playwright's, stopped: the test moves it,
    // so how fast this machine runs cannot decide whether the bar came early.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    // The next page's chunks are held until the bar has been checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/js\/(?!main|runtime)[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('nav.navbar a[href="/api/"]').click();
    const bar = page.locator('#nprogress');
    await page.clock.runFor(199);
    expect(await bar.count()).toBe(0);
    await page.clock.runFor(2);
    await bar.waitFor({ state: 'attached' });
    release();
    await page.waitForURL(/\/api\/$/);
    await context.close();
  });

  it('after navigation the page scrolls to the hash target, or to the top', async () => {
    const { page, close } = await newTab(site, { viewport: { width: 1280, height: 600 } });
    await gotoHydrated(page, '/guides/api/ratelimiting');
    const anchor = await page.locator('.table-of-contents a[href^="#"]').last().getAttribute('href');
    expect(anchor).toBeTruthy();
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL(/\/guides\/api\/errors$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await gotoHydrated(page, `/guides/api/ratelimiting${anchor}`);
    const id = decodeURIComponent(anchor!.slice(1));
    await expect
      .poll(() => page.evaluate((i) => Math.abs(document.getElementById(i)!.getBoundingClientRect().top) < 150, id))
      .toBe(true);
    await close();
  });

  it('links are prefetched on hover, but not with data-saver or on 2g', async () => {
    // Docusaurus decides in the hover's own event handler, and a chunk it
    // wants is a <script> (or <link>) added to the page then: watching the
    // page's additions until it is idle sees every chunk the hover asked for,
    // however slow the machine, with no timer to guess how long to wait.
    // A fresh context each: a request counted here must not be one a cache answered.
    async function chunksOnHover(connection?: { saveData: boolean; effectiveType: string }) {
      const { context, page } = await newPage(site);
      if (connection) {
        await page.addInitScript(
          (c) => Object.defineProperty(navigator, 'connection', { value: c, configurable: true }),
          connection,
        );
      }
      await gotoHydrated(page, '/');
      let requests = 0;
      page.on('request', (r) => {
        if (/\/assets\/js\//.test(r.url())) requests++;
      });
      await page.evaluate(() => {
        const added: string[] = [];
        (window as unknown as { __chunksAdded: string[] }).__chunksAdded = added;
        new MutationObserver((records) => {
          for (const record of records)
            record.addedNodes.forEach((node) => {
              const url = (node as HTMLScriptElement).src || (node as HTMLLinkElement).href || '';
              if (url.includes('/assets/js/')) added.push(url);
            });
        }).observe(document, { childList: true, subtree: true });
      });
      const link = page.locator('nav.navbar a[href="/api/"]');
      const prefetched = connection ? undefined : page.waitForRequest(/\/assets\/js\//);
      await link.hover();
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      // A prefetch starts as the link is hovered: wait for its request, however long that takes here.
      await prefetched;
      const added = await page.evaluate(() => (window as unknown as { __chunksAdded: string[] }).__chunksAdded.length);
      await context.close();
      return { added, requests };
    }
    const normal = await chunksOnHover();
    expect(normal.added).toBeGreaterThan(0);
    expect(normal.requests).toBeGreaterThan(0);
    for (const connection of [
      { saveData: true, effectiveType: '4g' },
      { saveData: false, effectiveType: '2g' },
    ])
      expect(await chunksOnHover(connection), JSON.stringify(connection)).toEqual({ added: 0, requests: 0 });
  });

  // patches/@docusaurus__core: a link loads its route's chunks on intent
  // (hover, touch, focus), not when it comes into view: a guide's sidebar and a
  // phone's closed menu add nothing to what the page loads.
  for (const [where, path, options, links] of [
    [
      'a guide with its sidebar in view',
      '/guides/api/ratelimiting',
      { device: 'desktop' },
      '.theme-doc-sidebar-container a[href]',
    ],
    ['a phone, the menu closed', '/api/create-uptime-test', { device: 'phone' }, '.navbar-sidebar a[href]'],
  ] as const)
    it(`links in view load nothing until the reader shows intent: ${where}`, async () => {
      const { page, close } = await newTab(site, options);
      await gotoHydrated(page, path);
      await settled(page);
      expect(await page.locator(links).count()).toBeGreaterThan(10);
      expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
      await close();
    });
});

// ssrTemplate.ts: the entry scripts are preloaded, and run after the first paint.
describe('entry scripts', () => {
  /** What the init script notes: the first contentful paint and each main.js added (with readyState), in order, each with its time. */
  type Order = { order: { what: string; at: number }[] };
  /**
   * Init script. The paint's time is its entry's (when the frame was shown):
   * the page's own observer of that entry may be called before this one, so
   * the order of the notes alone does not tell which came first.
   */
  const recordOrder = () => {
    const log: Order['order'] = [];
    (window as unknown as Order).order = log;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntriesByName('first-contentful-paint'))
        log.push({ what: 'first-contentful-paint', at: entry.startTime });
    }).observe({ type: 'paint', buffered: true });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes))
          if (node instanceof HTMLScriptElement && /\/main\.[0-9a-f]+\.js$/.test(node.src))
            log.push({ what: `main.js while ${document.readyState}`, at: performance.now() });
    }).observe(document, { childList: true, subtree: true });
  };
  const notes = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as Order).order);
  const order = async (page: import('playwright-core').Page) => (await notes(page)).map((note) => note.what);

  it("main.js, and only it, opens with V8's compile hint, and is the main.js pages load", () => {
    const scripts = join(buildDir, 'assets/js');
    const hinted = readdirSync(scripts).filter(
      (name) =>
        name.endsWith('.js') && readFileSync(join(scripts, name), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'),
    );
    expect(hinted).toHaveLength(1);
    expect(hinted[0]).toMatch(/^main\.[0-9a-f]+\.js$/);
    const page = readFileSync(join(buildDir, 'api/create-uptime-test/index.html'), 'utf8');
    expect(page).toContain(`/assets/js/${hinted[0]}`);
  });

  it('are preloaded at low priority, not deferred, and run after the first contentful paint', async () => {
    const { page, close } = await newTab(site);
    const html = await (await page.request.get('/guides/api/errors')).text();
    expect(html).not.toMatch(/<script[^>]*\bdefer\b/);
    expect(html).toMatch(/<link rel=preload as=script href=\/assets\/js\/main\.[0-9a-f]+\.js fetchpriority=low/);
    await page.addInitScript(recordOrder);
    await gotoHydrated(page, '/guides/api/errors');
    const seen = await notes(page);
    const paint = seen.find((note) => note.what === 'first-contentful-paint');
    const main = seen.filter((note) => note.what.startsWith('main.js'));
    expect(main).toHaveLength(1);
    expect(paint, JSON.stringify(seen)).toBeDefined();
    expect(main[0]!.at, JSON.stringify(seen)).toBeGreaterThanOrEqual(paint!.at);
    await close();
  });

  it('run at once, while the page is still parsing, in a background tab (it will not paint)', async () => {
    const { page, close } = await newTab(site);
    await page.addInitScript(() =>
      Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden' }),
    );
    await page.addInitScript(recordOrder);
    await gotoHydrated(page, '/guides/api/errors');
    expect(await order(page)).toContain('main.js while loading');
    await close();
  });

  it('run after the next frame in a browser without paint timing', async () => {
    const { page, close } = await newTab(site);
    await page.addInitScript(recordOrder);
    // After recordOrder has its observer: the page's own script sees no paint timing.
    await page.addInitScript(() =>
      Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => [] }),
    );
    await gotoHydrated(page, '/guides/api/errors');
    expect((await order(page)).filter((entry) => entry.startsWith('main.js'))).toHaveLength(1);
    await close();
  });
});
