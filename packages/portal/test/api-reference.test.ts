/**
 * The API reference at /api/ (production build): every operation in the
 * sidebar, each tag group's pages in light and dark, the code samples, the
 * downloadable bundle, and the in-browser mock kept off the guides.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Request as PwRequest } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cleanTab, gotoHydrated, navigateInApp, reusedTab, settled, useSite } from './helpers';
import { bundle, operations, param, requestForm, send, setList, showAllParameters } from './api-helpers';

const site = useSite();
// The read-only checks share one tab, each a full load in it; the walks and
// the checks of the sandbox's start (a service worker) have contexts of their own.
const tab = reusedTab(site);

/** Where the try-it's sandbox stands (@webmon/try-it sets it on <html> once the first Send starts it). */
const sandboxState = async (page: Page) => (await page.getAttribute('html', 'data-try-it-sandbox')) ?? 'idle';

const displayName = (tag: string) => bundle.tags.find((t) => t.name === tag)?.['x-displayName'] ?? tag;

/**
 * The page is in this mode: the theme attribute, and the text colour (light
 * text on dark pages, dark on light ones; Infima's light background is
 * `transparent`, so the text is what tells).
 */
async function expectColorScheme(page: Page, path: string, colorScheme: 'light' | 'dark'): Promise<void> {
  await expect.poll(() => page.getAttribute('html', 'data-theme'), { message: path }).toBe(colorScheme);
  const textColour = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.color = 'var(--ifm-font-color-base)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
  const [r, g, b] = textColour.match(/\d+/g)!.map(Number);
  expect((r! + g! + b!) / 3 > 128, `${path}: text colour ${textColour} in ${colorScheme}`).toBe(colorScheme === 'dark');
}

describe('API reference', () => {
  it('/api/ is the introduction, and its sidebar lists all 36 operations under the tag groups', async () => {
    const { page, errors, done } = await tab();
    await gotoHydrated(page, '/api/');
    expect(await page.locator('h1').first().textContent()).toBe(bundle.info.title);
    const sidebar = page.locator('.theme-doc-sidebar-menu');
    const top =
      // A category with a page of its own (API changes) has a caret button beside its link: not an entry.
      (
        await sidebar
          .locator(':scope > li > a, :scope > li > div > a, :scope > li > div > button:not(.menu__caret)')
          .allTextContents()
      ).map((t) => t.trim());
    expect(top).toEqual(['Introduction', 'API changes', ...bundle['x-tagGroups'].map((g) => g.name), 'Schemas']);
    // Categories auto-collapse (one open at a time): open each tag in turn and collect its links.
    const found = new Set<string>();
    for (const group of bundle['x-tagGroups']) {
      await sidebar
        .getByRole('button', { name: new RegExp(`${group.name}`) })
        .first()
        .click();
      for (const tag of group.tags) {
        const category = sidebar.locator('li.theme-doc-sidebar-item-category', { hasText: displayName(tag) }).last();
        const toggle = category.locator(':scope > div > button').first();
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        await category.locator('li.api-method a').first().waitFor();
        for (const href of await category
          .locator('li.api-method a')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')))
          found.add(href);
      }
    }
    expect([...found].sort()).toEqual(operations.map((op) => `/api/${op.operationId}`).sort());
    expect(found.size).toBe(36);
    expect(errors).toEqual([]);
    done();
  });

  // Each group is walked as a reader moves through it: its first page is a
  // full load (in light for one group, in dark for the next, so both first
  // renders are seen), the others are reached in-app (navigateInApp), so the
  // sandbox starts once per walk, as it does for a reader. The first page is
  // checked in the mode it rendered in, then in the other one, switched in
  // place (the reader's system setting changing, which the site follows); the
  // rest of the walk renders in that mode, and is checked in it. The mode is
  // the site's (the theme attribute, Infima's colours), not a page's:
  // switching it on every page checked the same thing 36 times over, at a
  // restyle and repaint of a long page each (about 8 CPU-s of the file's 68).
  // On operation pages, Send with nothing typed then answers 2xx from the
  // sandbox (the default server) with the example's values, the sandbox's
  // token going to it only. The sandbox keeps its data across in-app
  // navigation: each tag's DELETE comes after its other operations, which use
  // the record it deletes.
  for (const [groupIndex, group] of bundle['x-tagGroups'].entries()) {
    it(`${group.name}: every page renders, the first in light and in dark; Send with nothing typed answers 2xx from the sandbox`, {
      timeout: 600_000,
    }, async () => {
      let colorScheme: 'light' | 'dark' = groupIndex % 2 === 0 ? 'light' : 'dark';
      const { page, errors, close } = await cleanTab(site, { colorScheme });
      // The sandbox runs in the page: nothing goes to another site, its own (sandbox.invalid) included.
      const external: string[] = [];
      const withToken: PwRequest[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(site.url)) external.push(request.url());
        if (request.headers().authorization) withToken.push(request);
      });
      const ops = group.tags.flatMap((tag) => {
        const ofTag = operations.filter((op) => op.tag === tag);
        return [...ofTag.filter((op) => op.method !== 'delete'), ...ofTag.filter((op) => op.method === 'delete')];
      });
      const pages = [
        ...group.tags.map((tag) => ({ path: `/api/${tag}`, heading: undefined })),
        ...ops.map((op) => ({ path: `/api/${op.operationId}`, heading: op.summary })),
      ];
      const failures: string[] = [];
      for (const [index, { path, heading }] of pages.entries()) {
        if (index === 0) await gotoHydrated(page, path);
        else await navigateInApp(page, path);
        await expectColorScheme(page, path, colorScheme);
        if (heading) {
          expect(await page.locator('h1').first().textContent(), path).toBe(heading);
          // The try-it panel and the success response are there.
          await requestForm(page);
          expect(await page.locator('.openapi-tabs__response-code-item.active').first().textContent(), path).toMatch(
            /^20\d$/,
          );
        } else {
          expect(await page.locator('h1').count(), path).toBeGreaterThan(0);
        }
        if (index === 0) {
          colorScheme = colorScheme === 'light' ? 'dark' : 'light';
          await page.emulateMedia({ colorScheme });
          await expectColorScheme(page, path, colorScheme);
        }
        if (heading) {
          const form = await requestForm(page);
          expect(await form.getByRole('radio', { name: /^Sandbox/ }).isChecked(), path).toBe(true);
          const answer = await send(page, form).catch((error: Error) => ({ status: 0, body: error.message }));
          if (answer.status < 200 || answer.status > 299) failures.push(`${path}: ${answer.status} ${answer.body}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await page.getAttribute('html', 'data-try-it-sandbox')).toBe('ready');
      expect(withToken.map((request) => request.url())).toEqual([]);
      expect(external, 'API pages load nothing from other sites').toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('only the success response is expanded; other codes are tabs to open', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/api/create-uptime-test');
    const codes = page.locator('.openapi-tabs__response-code-item');
    expect((await codes.allTextContents()).map((t) => t.trim())).toEqual(['201', '400', '401', '429', 'default']);
    expect(await page.locator('.openapi-tabs__response-code-item.active').textContent()).toBe('201');
    expect(await page.locator('.openapi-tabs__response-code-item.active').count()).toBe(1);
    done();
  });

  it('schema descriptions are rendered as Markdown (inline code), straight from the bundle', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/api/create-uptime-test');
    const description = bundle.components.schemas.UptimeTestUpdate.properties?.dns_ips.description ?? '';
    const inlineCode = [...description.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(inlineCode.length).toBeGreaterThan(0);
    const item = page
      .locator('.openapi-schema__list-item', {
        has: page.locator('.openapi-schema__property', { hasText: /^dns_ips$/ }),
      })
      .first();
    await item.waitFor();
    expect(await item.locator('code').allTextContents()).toEqual(expect.arrayContaining(inlineCode));
    expect(await item.textContent()).not.toContain('`');
    done();
  });

  it("on a phone, the responses' examples are highlighted when their tab opens, not while the page loads", async () => {
    // src/theme/SchemaTabs: lazy example tabs; src/theme/CodeBlock/Content: Prism only when a block needs it.
    const { page, errors, close } = await cleanTab(site, { device: 'phone' });
    const prism: string[] = [];
    page.on('request', (request) => {
      if (/\/(code-highlight|prism)\.[0-9a-f]+\.js$/.test(request.url())) prism.push(request.url());
    });
    await gotoHydrated(page, '/api/create-uptime-test');
    await settled(page);
    expect(prism).toEqual([]);
    expect(await page.locator('pre.prism-code').count()).toBe(0);
    const exampleTab = page.locator('.openapi-tabs__schema-item', { hasText: /^Example/ }).first();
    await exampleTab.click();
    await expect.poll(() => exampleTab.getAttribute('aria-selected')).toBe('true');
    const tokens = page.locator('[role="tabpanel"]:not([hidden]) pre.prism-code .token');
    await expect.poll(() => tokens.count()).toBeGreaterThan(3);
    expect(prism.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('on a phone, the try-it panel loads only when the reader scrolls to it, the sandbox on the first Send', async () => {
    const { page, close } = await cleanTab(site, { device: 'phone' });
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) chunks.push(request.url());
    });
    await gotoHydrated(page, '/api/create-uptime-test');
    await settled(page);
    expect(await page.locator('section.wm-tryit').count()).toBe(0);
    expect(await sandboxState(page)).toBe('idle');
    const loadedBeforeScroll = chunks.length;
    await page.locator('.openapi-right-panel__container').scrollIntoViewIfNeeded();
    const form = await requestForm(page);
    expect(chunks.length).toBeGreaterThan(loadedBeforeScroll);
    // Seen, and a field used: the sandbox has not started.
    await param(form, 'name').fill('Phone');
    await settled(page);
    expect(await sandboxState(page)).toBe('idle');
    const loadedBeforeUse = chunks.length;
    expect((await send(page, form)).status).toBe(201);
    expect(await sandboxState(page)).toBe('ready');
    expect(chunks.length).toBeGreaterThan(loadedBeforeUse);
    await close();
  });

  it('code samples: cURL, Go and JavaScript (our client), with the bracket form', async () => {
    // A clean tab: a language tab clicked is remembered in localStorage (the tabs' groupId).
    const { page, close } = await cleanTab(site);
    await gotoHydrated(page, '/api/create-uptime-test');
    const form = await requestForm(page);
    // The samples follow the form: a list typed in is sent as a bracket array.
    await showAllParameters(form);
    await setList(form, 'tags', ['production', 'web']);
    const samples = form.locator('.wm-tryit-samples');
    const tabs = samples.getByRole('tab');
    expect((await tabs.allTextContents()).map((t) => t.trim())).toEqual(['cURL', 'Go', '@webmon/ts-client']);
    const code = () => samples.getByRole('tabpanel').locator('code').first().textContent();
    await expect.poll(code).toContain("--data-urlencode 'tags[]=production'");
    expect(await code()).toContain('Authorization: Bearer $WEBMON_API_TOKEN');
    expect(await code()).toContain("'https://api.webmon.dev/v1/uptime'"); // the production URL (issue 39)
    await tabs.nth(1).click();
    await expect.poll(code).toContain('form.Add("tags[]", "production")');
    await tabs.nth(2).click();
    await expect.poll(code).toContain("import { createClient } from '@webmon/ts-client';");
    expect(await code()).toContain("tags: ['production', 'web']");
    await close();
  });

  it('the bundle is downloadable as /openapi.yaml and /openapi.json, identical to @webmon/spec', async () => {
    const require = createRequire(import.meta.url);
    for (const [path, file] of [
      ['/openapi.yaml', '@webmon/spec/openapi.yaml'],
      ['/openapi.json', '@webmon/spec/openapi.json'],
    ]) {
      const response = await fetch(site.url + path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(readFileSync(require.resolve(file), 'utf8'));
    }
    const { page, done } = await tab();
    await gotoHydrated(page, '/api/');
    expect(await page.locator('a[href="/openapi.yaml"]').count()).toBeGreaterThan(0);
    done();
  });

  it('the sandbox starts on the first Send of a try-it form, with no service worker; reading never loads it', async () => {
    const { page, close } = await cleanTab(site);
    // No service worker, no script of one: the sandbox is the mock's pipeline in the page.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'other' && request.url().endsWith('.js')) scripts.push(request.url());
      if (request.url().includes('mockServiceWorker')) scripts.push(request.url());
    });
    const registrations = () => page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length));
    await gotoHydrated(page, '/guides/api/ratelimiting');
    expect(await sandboxState(page)).toBe('idle');
    // In-app navigation to the reference's introduction (no try-it there).
    await page.locator('nav.navbar').getByRole('link', { name: 'References', exact: true }).click();
    await page.waitForURL(/\/api\/$/);
    await page.locator('h1', { hasText: bundle.info.title }).waitFor();
    expect(await sandboxState(page)).toBe('idle');
    expect(await registrations()).toBe(0);
    expect(scripts).toEqual([]);
    // On to an operation, still in-app: its try-it panel's first Send starts the sandbox.
    const sidebar = page.locator('.theme-doc-sidebar-menu');
    const group = bundle['x-tagGroups'][0];
    await sidebar
      .getByRole('button', { name: new RegExp(group.name) })
      .first()
      .click();
    const category = sidebar
      .locator('li.theme-doc-sidebar-item-category', { hasText: displayName(group.tags[0]) })
      .last();
    const toggle = category.locator(':scope > div > button').first();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await category.locator('li.api-method a').first().click();
    const form = await requestForm(page);
    // The try-it panel is shown, not sent yet.
    await settled(page);
    expect(await sandboxState(page)).toBe('idle');
    expect(await registrations()).toBe(0);
    expect(scripts).toEqual([]);
    // First use: Send. The sandbox starts, and the Send is answered.
    expect((await send(page, form)).status).toBeLessThan(300);
    expect(await sandboxState(page)).toBe('ready');
    expect(await registrations()).toBe(0);
    expect(scripts).toEqual([]);
    await close();
  });

  it('the site search indexes the reference pages', async () => {
    const response = await fetch(`${site.url}/search-index.json`);
    const index = JSON.stringify(await response.json());
    expect(index).toContain('/api/create-uptime-test');
    expect(index).toContain('/guides/api/ratelimiting');
  });
});
