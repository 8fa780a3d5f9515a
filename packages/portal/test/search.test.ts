import { describe, expect, it } from 'vitest';
import { gotoHydrated, newPage, newTab, useSite } from './helpers';

const site = useSite();

const INPUT = 'input.navbar__search-input';

describe('search (local index built at build time)', () => {
  it.each([
    ['Control+k', 'Ctrl+K'],
    ['Meta+k', 'Cmd+K'],
    ['/', "'/'"],
  ])('%s focuses the search box (%s); Escape leaves it', async (keys) => {
    const { page, close } = await newTab(site);
    await gotoHydrated(page, '/guides/api/errors');
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press(keys);
    await expect.poll(() => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, INPUT)).toBe(true);
    expect(await page.locator(INPUT).inputValue()).toBe(''); // '/' is not typed into the box
    await page.keyboard.type('errors');
    await expect.poll(() => page.locator('.aa-dropdown-menu, [class*="dropdownMenu"]').first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, INPUT)).toBe(false);
    await expect.poll(() => page.locator('[class*="dropdownMenu"]').first().isVisible()).toBe(false);
    await close();
  });

  it("'/' typed inside a text field is not hijacked", async () => {
    const { page, close } = await newTab(site);
    await gotoHydrated(page, '/');
    await page.locator(INPUT).focus();
    await page.keyboard.type('a/b');
    expect(await page.locator(INPUT).inputValue()).toBe('a/b');
    await close();
  });

  it('a search for "rate limit" leads to the rate-limiting guide', async () => {
    const { page, close } = await newTab(site);
    await gotoHydrated(page, '/');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('rate limit');
    const first = page.locator('[class*="dropdownMenu"] [class*="suggestion"]').first();
    // Wait for the answer to the whole query, not to a prefix typed on the way.
    await expect.poll(async () => ((await first.isVisible()) ? await first.textContent() : '')).toMatch(/rate limit/i);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/guides\/api\/ratelimiting/);
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Rate limiting/);
    await close();
  });

  it('the search page /search?q= lists the rate-limiting guide', async () => {
    const { page, close } = await newTab(site);
    await gotoHydrated(page, '/search?q=rate%20limit');
    const hit = page.locator('a[href^="/guides/api/ratelimiting"]').first();
    await expect.poll(() => hit.isVisible()).toBe(true);
    await hit.click();
    await page.waitForURL(/\/guides\/api\/ratelimiting/);
    await close();
  });

  it('no results: "No results for" the query, suggestions, and "Believe this query should return results? Let us know."', async () => {
    const { page, close } = await newTab(site);
    await gotoHydrated(page, '/');
    await page.keyboard.press('Control+k');
    // The whole query at once: typed key by key, the box answers each prefix
    // ("zzqqx" has no results either), and reading then raced the last answer.
    await page.locator(INPUT).fill('zzqqxxv');
    const empty = page.locator('[data-portal-empty]');
    await expect
      .poll(async () => ((await empty.isVisible()) ? await empty.textContent() : ''))
      .toContain('No results for "zzqqxxv"');
    const text = (await empty.textContent()) ?? '';
    expect(text).toContain('Try searching for');
    expect(text).toContain('Believe this query should return results? Let us know.');
    expect(await empty.getByRole('link', { name: 'rate limit' }).getAttribute('href')).toBe('/search?q=rate%20limit');
    await close();
  });

  it('index download failure: "Unable to fetch results" and the network hint', async () => {
    const { context, page } = await newPage(site);
    await page.route('**/search-index*.json*', (route) => route.abort('internetdisconnected'));
    await gotoHydrated(page, '/');
    await page.keyboard.press('Control+k');
    const alert = page.getByRole('alert').filter({ hasText: 'Unable to fetch results' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toContain('You might want to check your network connection.');
    await page.keyboard.press('Escape');
    await expect.poll(() => alert.count()).toBe(0);
    await context.close();
  });
});
