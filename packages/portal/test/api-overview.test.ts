/**
 * The reference's overview at /api/ and its sidebar's method badges, and what
 * the site search finds on operation pages, on the production build.
 */
import { propertiesOf, resolveRef, type JsonObject } from '@webmon/openapi-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, reusedTab, useSite } from './helpers';
import { resources } from '@webmon/ts-client';
import { bundle, operations } from './api-helpers';

const site = useSite();
// Read-only checks: one tab of the shared context, each test a full load in it.
const tab = reusedTab(site);

const displayName = (tag: string) => bundle.tags.find((t) => t.name === tag)?.['x-displayName'] ?? tag;

/** The operations the sidebar lists under one tag, in its order (categories auto-collapse: opened one at a time). */
async function sidebarOperations(page: Page, group: string, tag: string): Promise<string[]> {
  const sidebar = page.locator('.theme-doc-sidebar-menu');
  const top = sidebar.locator(':scope > li', { has: page.getByRole('button', { name: group }) }).first();
  const groupToggle = top.getByRole('button', { name: group }).first();
  if ((await groupToggle.getAttribute('aria-expanded')) !== 'true') await groupToggle.click();
  const category = top.locator('li.theme-doc-sidebar-item-category', { hasText: displayName(tag) }).first();
  const toggle = category.locator(':scope > div > button').first();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await category.locator('li.api-method a').first().waitFor();
  return category
    .locator('li.api-method a')
    .evaluateAll((links) => links.map((a) => (a.getAttribute('href') ?? '').replace(/^\/api\//, '')));
}

describe('the overview at /api/', () => {
  it("states the base URLs, production's first, as the bundle's servers give them", async () => {
    const { page, errors, done } = await tab();
    await gotoHydrated(page, '/api/');
    const servers = (
      bundle as unknown as { servers: { url: string; variables?: Record<string, { default: string }> }[] }
    ).servers;
    const urls = servers.map(({ url, variables = {} }) =>
      url.replace(/\{(\w+)\}/g, (_, name: string) => variables[name]?.default ?? ''),
    );
    const section = page.locator('article h2#base-url + ul');
    expect(await section.locator('li > code:first-child').allTextContents()).toEqual(urls);
    expect(urls[0]).toMatch(/^https:\/\//);
    expect(errors).toEqual([]);
    await done();
  });

  it('lists every operation, grouped as in the sidebar, with method badge, path and summary, linking to its page', async () => {
    const { page, errors, done } = await tab();
    await gotoHydrated(page, '/api/');
    // Every row read in one pass (a round trip per value cost seconds).
    const rows = await page.locator('article [data-operation]').evaluateAll((found) =>
      found.map((row) => ({
        operationId: row.getAttribute('data-operation'),
        badge: row.querySelector('.api-method-badge')?.textContent,
        path: row.querySelector('code')?.textContent,
        links: [...row.querySelectorAll('a')].map((a) => ({ text: a.textContent, href: a.getAttribute('href') })),
      })),
    );
    expect(rows.map((row) => row.operationId).sort()).toEqual(operations.map((op) => op.operationId).sort());
    for (const op of operations) {
      expect(rows.find((row) => row.operationId === op.operationId)).toEqual({
        operationId: op.operationId,
        badge: op.method.toUpperCase(),
        path: op.path,
        links: [{ text: op.summary, href: `/api/${op.operationId}` }],
      });
    }

    // The groups and tags in the sidebar's order, each tag's operations in the sidebar's order.
    const groups = await page
      .locator('article section > h3')
      .evaluateAll((headings) => headings.map((h) => h.textContent?.replace(/\u200b/g, '').trim()));
    expect(groups).toEqual(bundle['x-tagGroups'].map((g) => g.name));
    for (const group of bundle['x-tagGroups']) {
      const section = page.locator('article section', { has: page.locator(`h3:text-is("${group.name}")`) });
      expect(await section.locator('caption').allTextContents()).toEqual(group.tags.map(displayName));
      for (const [index, tag] of group.tags.entries()) {
        const table = section.locator('table').nth(index);
        const listed = await table
          .locator('[data-operation]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-operation')));
        expect(listed, tag).toEqual(await sidebarOperations(page, group.name, tag));
      }
    }

    // A row leads to its page.
    const [first] = operations;
    if (!first) throw new Error('the bundle has no operations');
    await page.locator(`article [data-operation="${first.operationId}"]`).getByRole('link').click();
    await page.waitForURL(new RegExp(`/api/${first.operationId}$`));
    // The URL changes as the click is handled; the page renders once its chunks have loaded.
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(first.summary);
    expect(errors).toEqual([]);
    done();
  });

  it('the sidebar shows a method badge on every operation, outside the link name', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/api/');
    let seen = 0;
    for (const group of bundle['x-tagGroups']) {
      for (const tag of group.tags) {
        for (const id of await sidebarOperations(page, group.name, tag)) {
          const op = operations.find((o) => o.operationId === id);
          if (!op) throw new Error(`sidebar lists ${id}, not in the bundle`);
          const link = page.locator(`.theme-doc-sidebar-menu li.api-method > a[href="/api/${id}"]`);
          const badge = await link.evaluate((a) => getComputedStyle(a, '::before').content);
          // `"GET" / ""`: the drawn text, then an empty alternative for assistive technology.
          const [, drawn] = /^"([A-Z]+)"/.exec(badge) ?? [];
          expect(drawn && op.method.toUpperCase().startsWith(drawn), `${id}: ${badge}`).toBe(true);
          expect(badge, id).toMatch(/\/\s*""$/);
          expect(await page.getByRole('link', { name: op.summary, exact: true }).count(), id).toBeGreaterThan(0);
          seen++;
        }
      }
    }
    expect(seen).toBe(operations.length);
    done();
  });
});

/** The search page's results for a query (src/search/theme/SearchPage): title and link of each, in the page's order. */
async function searchResults(page: Page, query: string): Promise<{ title: string; href: string }[]> {
  await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
  await page.locator('main [data-search-section], main [data-search-empty]').first().waitFor();
  return page
    .locator('main [data-search-group] h3 a')
    .evaluateAll((links) =>
      links.map((link) => ({ title: (link.textContent ?? '').trim(), href: link.getAttribute('href') ?? '' })),
    );
}

describe('search finds operation pages by what they are', () => {
  it('"rate limit": no pile of identical section hits from the operation pages', async () => {
    const { page, done } = await tab();
    const results = await searchResults(page, 'rate limit');
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]?.href).toMatch(/^\/guides\/api\/ratelimiting/);
    const operationPaths = new Set(operations.map((op) => `/api/${op.operationId}`));
    const onOperations = results.filter((r) => operationPaths.has(r.href.replace(/#.*$/, '')));
    // Every operation answers 429 and carries the x-ratelimit-* headers: that
    // is the rate-limiting guide's subject, not a reason to list each page.
    expect(onOperations.map((r) => r.title)).toEqual([]);
    const titles = results.map((r) => r.title);
    expect(titles.filter((t) => t === 'Request')).toEqual([]);
    done();
  });

  it('a field name finds the operations that take it; a summary finds its page first', async () => {
    const { page, done } = await tab();
    const takes = (field: string) =>
      operations.filter((op) => {
        const operation = resolveRef<JsonObject>(bundle, (bundle.paths[op.path] as Record<string, unknown>)[op.method]);
        const body = resolveRef<{ content?: Record<string, { schema: unknown }> } | undefined>(
          bundle,
          operation.requestBody,
        );
        return Object.values(body?.content ?? {}).some((media) => field in propertiesOf(bundle, media.schema));
      });
    const field = 'check_rate';
    const expected = takes(field);
    expect(expected.length).toBeGreaterThan(1);
    const results = await searchResults(page, field);
    const pages = new Set(results.map((r) => r.href.replace(/#.*$/, '')));
    for (const op of expected) expect(pages.has(`/api/${op.operationId}`), op.operationId).toBe(true);
    // Found as pages, under their own titles.
    for (const op of expected)
      expect(results.find((r) => r.href === `/api/${op.operationId}`)?.title, op.operationId).toBe(op.summary);

    const [first] = await searchResults(page, 'Create an uptime check');
    expect(first?.href).toBe('/api/create-uptime-test');
    done();
  });

  it("the client's method (client.uptime.create, or uptime.create) finds its page first", async () => {
    // The page's samples are drawn in the browser: the index has the method from its keywords.
    const { page, done } = await tab();
    for (const op of [operations[0]!, operations.at(-1)!]) {
      // The client's own map of its methods: client.<group>.<method> calls this operation.
      const [group, method] = Object.entries(resources)
        .flatMap(([g, methods]) => Object.entries(methods).map(([m, id]) => [g, m, id] as const))
        .find(([, , id]) => id === op.operationId)!;
      for (const query of [`client.${group}.${method}`, `${group}.${method}`]) {
        const [first] = await searchResults(page, query);
        expect(first?.href, query).toBe(`/api/${op.operationId}`);
      }
    }
    done();
  });
});
