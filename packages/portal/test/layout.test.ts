import { describe, expect, it } from 'vitest';
import type { ConsoleMessage } from 'playwright-core';
import { brand } from '../brand';
import { bundle } from './api-helpers';
import { darkCodeTheme, lightCodeTheme } from '../src/prism/codeThemes';
import { cleanTab, gotoHydrated, navigateInApp, newPage, newTab, reusedTab, settled, useSite } from './helpers';

const site = useSite();
// The read-only checks on newPage's defaults share one tab, each a full load
// in it; a check with its own colour scheme or viewport has a tab of its own;
// a check that writes storage or needs a permission, a clean tab.
const tab = reusedTab(site);

describe('navbar, footer and home page', () => {
  it('navbar: Guides and References on the left, Dashboard and a GitHub icon on the right', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/');
    const nav = page.locator('nav.navbar');
    const left = nav.locator('.navbar__items:not(.navbar__items--right)');
    const right = nav.locator('.navbar__items--right');
    expect(await left.getByRole('link', { name: 'Guides', exact: true }).getAttribute('href')).toBe('/guides');
    expect(await left.getByRole('link', { name: 'References', exact: true }).getAttribute('href')).toBe('/api/');
    expect(await right.getByRole('link', { name: /Dashboard/ }).getAttribute('href')).toBe(brand.dashboardUrl);
    const github = right.getByRole('link', { name: 'GitHub repository' });
    expect(await github.getAttribute('href')).toBe(brand.githubUrl);
    await left.getByRole('link', { name: 'Guides', exact: true }).click();
    await page.waitForURL(/\/guides\/?$/);
    await left.getByRole('link', { name: 'References', exact: true }).click();
    await page.waitForURL(/\/api\/$/);
    // The reference's introduction, generated from the bundle.
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(bundle.info.title);
    done();
  });

  it('footer: Documentation, Community and More columns, copyright 2025', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/guides/api/errors');
    // The site footer: doc pages also have a <footer> for the last-update line.
    const footer = page.getByRole('contentinfo');
    const titles = await footer.locator('.footer__title').allTextContents();
    expect(titles).toEqual(['Documentation', 'Community', 'More']);
    for (const column of brand.footer) {
      for (const item of column.items) {
        const link = footer.getByRole('link', { name: item.label });
        expect(await link.getAttribute('href')).toBe(item.to ?? item.href);
      }
    }
    expect(await footer.textContent()).toContain('Copyright © 2025');
    done();
  });

  it('home: hero logo (light/dark), tagline and the four client libraries with install prompts', async () => {
    const { page, close } = await cleanTab(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await gotoHydrated(page, '/');
    await expect.poll(() => page.locator('header img[alt="Webmon logo"]').getAttribute('src')).toBe('/img/logo.svg');
    expect(await page.locator('header').textContent()).toContain(brand.tagline);
    const cards = page.locator('main li');
    expect(await cards.count()).toBe(4);
    for (const [i, client] of brand.clients.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('h3').textContent()).toBe(client.title);
      expect(await card.locator('code').textContent()).toContain(client.prompt);
      expect(await card.locator(`img[alt="${client.image.alt}"]`).count()).toBe(1);
      expect(await card.getByRole('link', { name: /repository/ }).getAttribute('href')).toBe(client.href);
      // The Installation guide's status, on the card too (issue 44): an alpha client says so.
      expect(await card.getByRole('link', { name: 'alpha', exact: true }).count()).toBe(
        client.status === 'alpha' ? 1 : 0,
      );
    }
    await cards.nth(2).getByRole('button', { name: 'Copy the Python install command' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(brand.clients[2].prompt);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Copied' }).count()).toBe(1);
    // Dark mode swaps the hero logo.
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expect
      .poll(() =>
        page.locator('header img[alt="Webmon logo"]').evaluate((img) => getComputedStyle(img).display === 'none'),
      )
      .toBe(true);
    await close();
  });

  it('the announcement bar links the survey and stays closed after a reload', async () => {
    const { page, close } = await cleanTab(site);
    await gotoHydrated(page, '/');
    const bar = page.locator('.theme-announcement-bar');
    expect(await bar.getByRole('link').getAttribute('href')).toBe(brand.announcement.surveyUrl);
    await bar.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => bar.count()).toBe(0);
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    expect(await page.locator('.theme-announcement-bar').count()).toBe(0);
    // The dismissal is stored under the bar's id.
    const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(stored).toContain('docusaurus.announcement.id');
    expect(stored).toContain(brand.announcement.id);
    await close();
  });

  it('the announcement bar comes back when its id changes', async () => {
    const { page, close } = await cleanTab(site);
    await gotoHydrated(page, '/');
    await page.locator('.theme-announcement-bar').getByRole('button', { name: 'Close' }).click();
    // Simulate a deployment with a new id: the stored id no longer matches.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.includes('docusaurus.announcement.id')) localStorage.setItem(key, 'an-older-survey');
    });
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect.poll(() => page.locator('.theme-announcement-bar').count()).toBe(1);
    await close();
  });

  it('colour mode: light by default, the toggle persists across reloads', async () => {
    const { page, close } = await cleanTab(site, { colorScheme: 'light' });
    await gotoHydrated(page, '/guides/api/errors');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    const toggle = page.getByRole('button', { name: /dark and light mode/i });
    // The toggle cycles through its modes (light, dark, and on newer themes system); stop at dark.
    for (let i = 0; i < 3 && (await page.getAttribute('html', 'data-theme')) !== 'dark'; i++) await toggle.click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await close();
  });

  it('colour mode: prefers-color-scheme dark is honoured', async () => {
    const { page, close } = await newTab(site, { colorScheme: 'dark' });
    await gotoHydrated(page, '/');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await close();
  });

  it("code blocks keep the server's highlighted HTML through hydration, in the reader's colour mode", async () => {
    // src/theme/CodeBlock: no rebuild of every block after hydration (theme-classic
    // remounted them); a dark-mode reader's blocks still take the dark theme's colours.
    for (const [colorScheme, theme] of [
      ['light', lightCodeTheme],
      ['dark', darkCodeTheme],
    ] as const) {
      // A context each: the scripts it loads are counted, none may come from a cache.
      const { context, page, errors } = await newPage(site, { colorScheme });
      await page.addInitScript(() => {
        const w = window as unknown as { __codeRebuilt: number };
        w.__codeRebuilt = 0;
        new MutationObserver((records) => {
          for (const record of records)
            record.removedNodes.forEach((node) => {
              if (node instanceof Element && (node.matches('pre') || node.querySelector('pre'))) w.__codeRebuilt++;
            });
        }).observe(document, { childList: true, subtree: true });
      });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await gotoHydrated(page, '/guides/api/ratelimiting');
      const expected = await page.evaluate((colour) => {
        const probe = document.createElement('i');
        probe.style.backgroundColor = colour;
        return probe.style.backgroundColor;
      }, theme.plain.backgroundColor ?? '');
      const backgrounds = () =>
        page
          .locator('pre.prism-code')
          .evaluateAll((pres) => [...new Set(pres.map((p) => getComputedStyle(p).backgroundColor))]);
      await expect.poll(backgrounds).toEqual([expected]);
      // Token colours are CSS variables per mode (src/prism/tokenVariables.ts): a plain string token takes the theme's.
      const stringColour = theme.styles.filter((s) => s.types.includes('string')).at(-1)?.style.color ?? '';
      const expectedString = await page.evaluate((colour) => {
        const probe = document.createElement('i');
        probe.style.color = colour;
        return probe.style.color;
      }, stringColour);
      const strings = await page
        .locator('pre.prism-code .token.string')
        .evaluateAll((spans) => [
          ...new Set(spans.filter((s) => s.className === 'token string').map((s) => getComputedStyle(s).color)),
        ]);
      expect(strings).toEqual([expectedString]);
      await settled(page);
      expect(await page.locator('pre.prism-code').count()).toBeGreaterThan(3);
      expect(await page.locator('pre.prism-code:not(:has(.token))').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __codeRebuilt: number }).__codeRebuilt)).toBe(0);
      // Hydration adopts the server's lines (src/theme/CodeBlock/Content): Prism is not even loaded.
      expect(scripts.filter((path) => /\/(code-highlight|prism)\./.test(path))).toEqual([]);
      expect(scripts.length).toBeGreaterThan(2);
      expect(errors).toEqual([]);
      // An in-app navigation renders its page's blocks in the browser, with Prism.
      await navigateInApp(page, '/guides/api/authentication');
      expect(await page.locator('pre.prism-code').count()).toBeGreaterThan(0);
      expect(await page.locator('pre.prism-code:not(:has(.token))').count()).toBe(0);
      await expect.poll(backgrounds).toEqual([expected]);
      expect(scripts.filter((path) => /\/code-highlight\./.test(path))).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a guide with language tabs hydrates again on a reload, with no error React recovers from', async () => {
    // Its hidden tabs' blocks mount after hydration and wait for Prism's chunk
    // (src/theme/CodeBlock/Content): from the cache, on a reload, React once
    // replayed that wait differently and rendered the whole page again.
    const { page, done } = await tab();
    const logged: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error') logged.push(message.text());
    };
    page.on('console', onConsole);
    for (let load = 0; load < 3; load++) {
      await gotoHydrated(page, '/guides/examples');
      await settled(page);
    }
    page.off('console', onConsole);
    expect(logged).toEqual([]);
    done();
  });

  it('at 996px and below the navbar collapses into a menu that holds the same links', async () => {
    const { page, close } = await newTab(site, { viewport: { width: 996, height: 800 } });
    await gotoHydrated(page, '/');
    expect(await page.getByRole('link', { name: 'References', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: /toggle navigation bar/i }).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect.poll(() => sidebar.getByRole('link', { name: 'References', exact: true }).isVisible()).toBe(true);
    expect(await sidebar.getByRole('link', { name: 'Guides', exact: true }).isVisible()).toBe(true);
    await sidebar.getByRole('link', { name: 'Guides', exact: true }).click();
    await page.waitForURL(/\/guides\/?$/);
    await close();
    const wide = await newTab(site, { viewport: { width: 997, height: 800 } });
    await gotoHydrated(wide.page, '/');
    expect(await wide.page.getByRole('link', { name: 'References', exact: true }).isVisible()).toBe(true);
    await wide.close();
  });

  it('guides: one sidebar in the portal order, not hideable, no breadcrumbs, TOC h2-h3', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/guides/api/ratelimiting');
    const sidebar = page.locator('.theme-doc-sidebar-menu');
    const categories = await sidebar.locator(':scope > li > div > a, :scope > li > div > button').allTextContents();
    expect(categories.map((c) => c.trim())).toEqual(['Overview', 'API', 'SDKs', 'CLI', 'Terraform', 'Recipes']);
    const api = await sidebar.locator(':scope > li:nth-child(2) ul a').allTextContents();
    expect(api).toEqual(['Introduction', 'Authentication', 'Rate limiting', 'Errors', 'Parameters']);
    expect(await page.locator('button[title*="Collapse sidebar"]').count()).toBe(0);
    expect(await page.locator('nav.theme-doc-breadcrumbs').count()).toBe(0);
    expect(await page.locator('.table-of-contents').count()).toBeGreaterThan(0);
    expect(await page.locator('.table-of-contents a[href^="#"]').count()).toBeGreaterThan(0);
    // Auto-collapse: opening SDKs closes API.
    expect(await sidebar.locator(':scope > li:nth-child(2)').getAttribute('class')).not.toContain('collapsed');
    await sidebar.locator(':scope > li:nth-child(3) > div > :first-child').click();
    await expect
      .poll(() => sidebar.locator(':scope > li:nth-child(2)').getAttribute('class'))
      .toContain('menu__list-item--collapsed');
    expect(await sidebar.locator(':scope > li:nth-child(3)').getAttribute('class')).not.toContain('collapsed');
    done();
  });
});
