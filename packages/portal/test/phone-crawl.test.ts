// Every route of the build at 390 px (a phone), in Chromium (issue 44): the
// page never scrolls sideways, no table is wider than its box (a guide's
// tables stack their rows, src/rehype/stackTables.ts), and no inline code
// or title is broken inside a word (paths wrap after a `/` or a `-`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDir, gotoHydrated, newTab, useSite } from './helpers';

const sitemap = readFileSync(join(buildDir, 'sitemap.xml'), 'utf8');
const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] ?? '/');

/** What is cut off on the page, as lines naming it. */
function clipped(): string[] {
  const found: string[] = [];
  const width = window.innerWidth;
  if (document.documentElement.scrollWidth > width + 1)
    found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
  for (const table of document.querySelectorAll('main table')) {
    if (table.scrollWidth > table.clientWidth + 1 || table.getBoundingClientRect().right > width + 1)
      found.push(`table wider than its box: ${table.textContent?.slice(0, 40)}`);
  }
  // A schema's page title is one identifier (MaintenanceWindowRepeatInterval), longer than a phone's line at a title's size: it breaks where it must.
  const titles = location.pathname.startsWith('/api/schemas/') ? '' : ', main h1, main h2';
  for (const element of document.querySelectorAll(`main code${titles}`)) {
    if (element.tagName === 'CODE' && element.closest('pre')) continue;
    // Each character's line: a break between two word characters is inside a word.
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const chars: { char: string; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) chars.push({ char: text[i] ?? '', top: Math.round(rect.top) });
      }
    }
    for (let i = 1; i < chars.length; i++) {
      const [before, after] = [chars[i - 1], chars[i]];
      if (before && after && after.top > before.top + 2 && /\w/.test(before.char) && /\w/.test(after.char))
        found.push(
          `${element.tagName.toLowerCase()} broken inside a word: ${chars.map((c, j) => (j === i ? `|${c.char}` : c.char)).join('')}`,
        );
    }
  }
  return found;
}

describe('every route on a 390 px phone', () => {
  const site = useSite();
  it(`clips no table, path or page (${routes.length} routes)`, { timeout: 900_000 }, async () => {
    expect(routes.length).toBeGreaterThan(100);
    const { page, close } = await newTab(site, { device: 'phone', viewport: { width: 390, height: 844 } });
    const problems: string[] = [];
    for (const route of routes) {
      await gotoHydrated(page, route);
      problems.push(...(await page.evaluate(clipped)).map((problem) => `${route}: ${problem}`));
    }
    await close();
    expect(problems).toEqual([]);
  });
});
