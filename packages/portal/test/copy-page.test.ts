// The "Copy page" button in Chromium: on a guide and on an operation page it
// puts the page's Markdown twin, as the server serves it, on the clipboard;
// pages without a twin (the reference's introduction) have no button.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, gotoHydrated, useSite } from './helpers';

const site = useSite();
let context: BrowserContext;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // One clean tab's context for the file, allowed to use the clipboard.
  ({ context, close } = await cleanTab(site, { permissions: ['clipboard-read', 'clipboard-write'] }));
});
afterAll(async () => {
  await close?.();
});

describe('Copy page', () => {
  it.each([
    ['a guide', '/guides/api/errors'],
    ['an operation page', '/api/create-uptime-test'],
  ])('on %s copies its Markdown twin', async (_, path) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      const twin = await (await fetch(`${site.url}${path}.md`)).text();
      expect(twin).toMatch(/^# \S/);
      await gotoHydrated(page, path);
      // Something else on the clipboard first, so only the button can put the twin there.
      await page.evaluate(() => navigator.clipboard.writeText('before'));
      expect(await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href')).toBe(`${path}.md`);
      const button = page.getByRole('button', { name: 'Copy page' });
      await button.click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Page copied as Markdown' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Copied', exact: true }).count()).toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('is not on pages without a twin (the reference introduction)', async () => {
    const page = await context.newPage();
    try {
      await gotoHydrated(page, '/api/');
      await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Copy page' }).count()).toBe(0);
      expect(await page.locator('link[type="text/markdown"]').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
