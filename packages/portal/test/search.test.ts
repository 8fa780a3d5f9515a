import { describe, expect, it } from 'vitest';
import { gotoHydrated, newPage, newTab, reusedTab, useSite } from './helpers';

const site = useSite();
// One tab of the file's shared context for the checks that only read (the
// search keeps nothing in storage), each a full load in it; the phone's, and
// the failing index (routed), in tabs of their own; the check that nothing
// loads before the search is opened in a fresh context, nothing cached.
const tab = reusedTab(site);

// The offline search modal (src/search/theme/SearchBar), over the index built at build time.
const DIALOG = '[role="dialog"][aria-modal="true"]';
const INPUT = `${DIALOG} input[type="search"]`;

/** The home page with the modal opened by Ctrl+K and `query` typed in its box. */
async function searchFromHome(query: string) {
  const opened = await tab();
  await gotoHydrated(opened.page, '/');
  await opened.page.keyboard.press('Control+k');
  await opened.page.locator(INPUT).fill(query);
  return opened;
}

describe('search modal (local index built at build time)', () => {
  it.each([
    ['Control+k', 'Ctrl+K'],
    ['Meta+k', 'Cmd+K'],
    ['/', "'/'"],
  ])('%s opens the search modal (%s) with the box focused; Escape closes it', async (keys) => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/guides/api/errors');
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    expect(await page.locator(DIALOG).count()).toBe(0);
    await page.keyboard.press(keys);
    await expect.poll(() => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, INPUT)).toBe(true);
    expect(await page.locator(INPUT).inputValue()).toBe(''); // '/' is not typed into the box
    await page.keyboard.type('errors');
    await expect.poll(() => page.locator(`${DIALOG} [role="option"]`).count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(DIALOG).count()).toBe(0);
    // Focus goes back to the navbar's search button, not lost on <body>.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
    done();
  });

  it('the navbar button opens it; a click outside closes it', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: /^Search \((Ctrl|Cmd)\+K\)$/ }).click();
    await expect.poll(() => page.locator(INPUT).isVisible()).toBe(true);
    await page.mouse.click(5, 500);
    await expect.poll(() => page.locator(DIALOG).count()).toBe(0);
    done();
  });

  it('on a phone the search button is the only control where it sits, and opens the modal', async () => {
    const { page, close } = await newTab(site, { device: 'phone' });
    await gotoHydrated(page, '/');
    const button = page.getByRole('button', { name: /^Search \((Ctrl|Cmd)\+K\)$/ });
    // Lighthouse's target-size audit: no other control's box overlaps the button's.
    const overlapping = await button.evaluate((el) => {
      const a = el.getBoundingClientRect();
      return Array.from(document.querySelectorAll('.navbar a, .navbar button'))
        .filter((other) => other !== el && !el.contains(other) && other.getClientRects().length > 0)
        .filter((other) => {
          const b = other.getBoundingClientRect();
          return b.left < a.right && a.left < b.right && b.top < a.bottom && a.top < b.bottom;
        })
        .map((other) => other.outerHTML.slice(0, 120));
    });
    expect(overlapping).toEqual([]);
    await button.tap();
    await expect.poll(() => page.locator(INPUT).isVisible()).toBe(true);
    await close();
  });

  it("'/' typed inside the search box is typed, not hijacked", async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/');
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, INPUT)).toBe(true);
    await page.keyboard.type('a/b');
    expect(await page.locator(INPUT).inputValue()).toBe('a/b');
    done();
  });

  it('a search for "rate limit" leads to the rate-limiting guide (results grouped by page)', async () => {
    const { page, done } = await searchFromHome('rate limit');
    const groups = page.locator(`${DIALOG} [data-search-group]`);
    const first = groups.first();
    // Wait for the answer to the whole query.
    await expect
      .poll(async () => ((await first.isVisible()) ? await first.getAttribute('data-search-group') : ''))
      .toBe('/guides/api/ratelimiting');
    // One group per page: no page is listed twice.
    const pages = await groups.evaluateAll((els) => els.map((el) => el.getAttribute('data-search-group')));
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages.length).toBeGreaterThan(1);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/guides\/api\/ratelimiting/);
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Rate limiting/);
    expect(await page.locator(DIALOG).count()).toBe(0);
    done();
  });

  it("an operation's id, as is or in words, and the client's method find its page first", async () => {
    // Each query's page differs from the one before: an answer left from the last query cannot pass.
    const queries = [
      ['create uptime test', '/api/create-uptime-test'],
      ['create-maintenance-window', '/api/create-maintenance-window'],
      ['uptime.create', '/api/create-uptime-test'],
      ['create maintenance window', '/api/create-maintenance-window'],
      // Its title hit alone came back: "Get a contact group", the same words but the article.
      ['get-contact-group', '/api/get-contact-group'],
    ];
    const { page, done } = await searchFromHome(queries[0]![0]!);
    const first = page.locator(`${DIALOG} [data-search-group]`).first();
    for (const [query, path] of queries) {
      await page.locator(INPUT).fill(query!);
      await expect
        .poll(async () => ((await first.isVisible()) ? await first.getAttribute('data-search-group') : ''), {
          message: query,
        })
        .toBe(path);
    }
    done();
  });

  it('arrow keys move the selection; Enter opens the selected result', async () => {
    const { page, done } = await searchFromHome('rate limit');
    const options = page.locator(`${DIALOG} [role="option"]`);
    await expect.poll(() => options.count()).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    const second = options.nth(1);
    await expect.poll(() => second.getAttribute('aria-selected')).toBe('true');
    const href = (await second.getAttribute('href')) ?? '';
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe(href);
    done();
  });

  it('snippets of API fields read as words ("trigger_rate integer required", not glued)', async () => {
    const { page, done } = await searchFromHome('trigger_rate');
    const options = page.locator(`${DIALOG} [role="option"]`);
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    const texts = await options.allTextContents();
    expect(texts.join('\n')).toMatch(/trigger_rate integer/);
    expect(texts.join('\n')).not.toMatch(/trigger_rateinteger|integerrequired/);
    done();
  });

  it('the search page /search?q= lists the rate-limiting guide', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/search?q=rate%20limit');
    const hit = page.locator('a[href^="/guides/api/ratelimiting"]').first();
    await expect.poll(() => hit.isVisible()).toBe(true);
    await hit.click();
    await page.waitForURL(/\/guides\/api\/ratelimiting/);
    done();
  });

  it('no results: "No results for" the query, suggestions, and "Believe this query should return results? Let us know."', async () => {
    const { page, done } = await searchFromHome('zzqqxxv');
    const empty = page.locator('[data-search-empty]');
    await expect
      .poll(async () => ((await empty.isVisible()) ? await empty.textContent() : ''))
      .toContain('No results for "zzqqxxv"');
    const text = (await empty.textContent()) ?? '';
    expect(text).toContain('Try searching for');
    expect(text).toContain('Believe this query should return results? Let us know.');
    expect(await empty.getByRole('link', { name: 'Let us know.' }).getAttribute('href')).toMatch(/\/issues\/new\?/);
    // A suggestion runs that query in the modal.
    await empty.getByRole('button', { name: 'rate limit' }).click();
    expect(await page.locator(INPUT).inputValue()).toBe('rate limit');
    await expect.poll(() => page.locator(`${DIALOG} [data-search-group]`).count()).toBeGreaterThan(0);
    done();
  });

  it('index download failure: "Unable to fetch results" and the network hint', async () => {
    const { page, close } = await newTab(site);
    await page.route('**/search-index*.json*', (route) => route.abort('internetdisconnected'));
    await gotoHydrated(page, '/');
    await page.keyboard.press('Control+k');
    const alert = page.getByRole('alert').filter({ hasText: 'Unable to fetch results' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toContain('You might want to check your network connection.');
    await page.keyboard.press('Escape');
    await expect.poll(() => alert.count()).toBe(0);
    await close();
  });

  it('a page loads neither the modal nor the index until the search is opened', async () => {
    const { context, page } = await newPage(site);
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));
    await gotoHydrated(page, '/guides/api/errors');
    expect(loaded.filter((url) => /search-modal|search-index/.test(url))).toEqual([]);
    await page.keyboard.press('Control+k');
    await expect.poll(() => loaded.some((url) => url.includes('search-index'))).toBe(true);
    await context.close();
  });
});
