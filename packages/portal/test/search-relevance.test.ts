import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, reusedTab, useSite } from './helpers';
import { QUERIES } from './search-queries';

const site = useSite();
const tab = reusedTab(site);

const DIALOG = '[role="dialog"][aria-modal="true"]';
const INPUT = `${DIALOG} input[type="search"]`;

/** A result's page: its path without the hash, the query string or a trailing slash. */
const pageOf = (href: string) => new URL(href, 'http://x').pathname.replace(/\/$/, '') || '/';

/** The modal's first result for `query` (null: the no-results screen), the modal open in `page`. */
async function modalFirst(page: Page, query: string): Promise<string | null> {
  await page.locator(INPUT).fill('');
  await expect.poll(() => page.locator(`${DIALOG} [role="option"], ${DIALOG} [data-search-empty]`).count()).toBe(0);
  await page.locator(INPUT).fill(query);
  await expect
    .poll(() => page.locator(`${DIALOG} [role="option"], ${DIALOG} [data-search-empty]`).count())
    .toBeGreaterThan(0);
  const first = page.locator(`${DIALOG} [role="option"]`).first();
  return (await first.count()) ? pageOf((await first.getAttribute('href')) ?? '') : null;
}

/** /search's first result for `query` (null: its no-results text). */
async function pageFirst(page: Page, query: string): Promise<string | null> {
  await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
  const hits = page.locator('.main-wrapper section a[href]');
  const empty = page.getByText(/^(No results for|No documents were found)/);
  await expect.poll(async () => (await hits.count()) + (await empty.count())).toBeGreaterThan(0);
  return (await hits.count()) ? pageOf((await hits.first().getAttribute('href')) ?? '') : null;
}

function score(where: string, got: (string | null)[]): number {
  const wrong = QUERIES.filter(([, expected], i) => got[i] !== expected);
  const share = (QUERIES.length - wrong.length) / QUERIES.length;
  console.log(
    `search relevance, ${where}: ${QUERIES.length - wrong.length}/${QUERIES.length} right first results (${Math.round(share * 100)} %)` +
      wrong
        .map(
          ([query, expected]) =>
            `\n  "${query}": expected ${expected ?? 'no results'}, got ${got[QUERIES.findIndex(([q]) => q === query)] ?? 'no results'}`,
        )
        .join(''),
  );
  return share;
}

describe('search relevance: the first result is the page the reader means', () => {
  it(`the modal: at least 90 % of ${QUERIES.length} queries`, async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/');
    await page.keyboard.press('Control+k');
    const got: (string | null)[] = [];
    for (const [query] of QUERIES) got.push(await modalFirst(page, query));
    await page.keyboard.press('Escape');
    done();
    expect(score('modal', got)).toBeGreaterThanOrEqual(0.9);
  });

  it(`/search: at least 90 % of ${QUERIES.length} queries`, async () => {
    const { page, done } = await tab();
    const got: (string | null)[] = [];
    for (const [query] of QUERIES) got.push(await pageFirst(page, query));
    done();
    expect(score('/search', got)).toBeGreaterThanOrEqual(0.9);
  });
});
