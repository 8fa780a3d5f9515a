// Guides that guide (issue 44): admonitions where a reader can get hurt, a
// "Next steps" block ending each guide, cards on the guides' home, code that
// shows whole at laptop width, outputs labelled (answers pretty-printed as
// "Response"), the Copy button shown on touch screens, and one language
// choice for the guides' tabs, the reference's samples and the recipes' code.
// Over the production build: its HTML in Node, its pages in Chromium.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDir, cleanTab, decodeEntities, gotoHydrated, newTab, reusedTab, useSite } from './helpers';

const sitemap = readFileSync(join(buildDir, 'sitemap.xml'), 'utf8');
// The written guides; the recipes (generated from the spec's workflows, src/plugins/recipes.ts) end with their own steps.
const guideRoutes = [...sitemap.matchAll(/<loc>[^<]*?(\/guides(?:\/[^<]*)?)<\/loc>/g)]
  .map((m) => (m[1] ?? '').replace(/\/$/, ''))
  .filter((route) => !route.startsWith('/guides/recipes'));
const recipeRoutes = [...sitemap.matchAll(/<loc>[^<]*?(\/guides\/recipes\/[^<]+)<\/loc>/g)].map((m) =>
  (m[1] ?? '').replace(/\/$/, ''),
);
const html = (route: string) => readFileSync(join(buildDir, route, 'index.html'), 'utf8');
const text = (markup: string) => decodeEntities(markup.replace(/<[^>]+>/g, '')).replace(/\u200b/g, '');

describe('guides, in their HTML', () => {
  it('warn where a reader can get hurt: tokens, rate limits, breaking changes', () => {
    const expected: [route: string, kind: string, words: RegExp][] = [
      ['/guides/api/authentication', 'danger', /token/i],
      ['/guides/api/ratelimiting', 'warning', /per account/i],
      ['/guides/api/introduction', 'warning', /breaking|major version/i],
      ['/guides/sdks/alpha', 'warning', /breaking/i],
    ];
    for (const [route, kind, words] of expected) {
      const boxes = [
        ...html(route).matchAll(/<div class="?[^">]*theme-admonition-(\w+)[^>]*>([\s\S]*?)<\/div><\/div>/g),
      ];
      const box = boxes.find(([, type]) => type === kind);
      expect(box, `${route}: a ${kind} admonition`).toBeDefined();
      expect(text(box?.[2] ?? ''), route).toMatch(words);
      // The Markdown twin has it too, as a quote led by its title.
      const twin = readFileSync(join(buildDir, `${route}.md`), 'utf8');
      expect(twin, `${route}.md`).toMatch(/^> \*\*[^*]+\.\*\*/m);
    }
  });

  it('end every guide with a "Next steps" block of links', () => {
    expect(guideRoutes.length).toBeGreaterThanOrEqual(14);
    for (const route of guideRoutes) {
      const page = html(route);
      const article = page.slice(page.indexOf('<article'), page.indexOf('</article>'));
      const headings = [...article.matchAll(/<h2[^>]*id="?([\w-]+)"?[^>]*>/g)].map((m) => m[1]);
      expect(headings.at(-1), route).toBe('next-steps');
      const block = article.slice(article.search(/id="?next-steps"?/));
      const list = block.match(/<ul>([\s\S]*?)<\/ul>/)?.[1] ?? '';
      expect(list.match(/<a /g)?.length ?? 0, route).toBeGreaterThanOrEqual(2);
    }
  });

  it('label what an example prints, and print an API answer as indented JSON', () => {
    const introduction = html('/guides/api/introduction');
    const response = introduction.match(/codeBlockTitle[^>]*>Response<\/div>[\s\S]*?<code[^>]*>([\s\S]*?)<\/code>/);
    expect(response, 'a block titled Response').not.toBeNull();
    const json = text((response?.[1] ?? '').replace(/<br ?\/?>/g, '\n')).trim();
    expect(json.split('\n').length).toBeGreaterThan(1);
    expect(json).toBe(JSON.stringify(JSON.parse(json), null, 2));
    expect(html('/guides/examples')).toMatch(/codeBlockTitle[^>]*>Output<\/div>/);
  });
});

describe('guides, in the browser', () => {
  const site = useSite();
  const tab = reusedTab(site);

  it('show every code block whole at laptop width: nothing scrolls sideways', async () => {
    const { page, done } = await tab();
    const hidden: string[] = [];
    for (const route of guideRoutes) {
      await gotoHydrated(page, route);
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('article .theme-code-block pre'))
          .filter((pre) => pre.scrollWidth > pre.clientWidth + 1)
          .map((pre) => pre.textContent?.slice(0, 40) ?? ''),
      );
      hidden.push(...wide.map((start) => `${route}: ${start}`));
    }
    expect(hidden).toEqual([]);
    done();
  });

  it('lay the guides home\'s "Where to start" out as cards, side by side on a laptop, stacked on a phone', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/guides');
    const cards = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('h2#where-to-start + ol > li')).map((card) => ({
          left: Math.round(card.getBoundingClientRect().left),
          border: getComputedStyle(card).borderTopStyle,
          links: card.querySelectorAll('a').length,
        })),
      );
    const laptop = await cards();
    expect(laptop.length).toBeGreaterThanOrEqual(5);
    expect(new Set(laptop.map((card) => card.left)).size).toBeGreaterThan(1);
    for (const card of laptop) expect(card).toMatchObject({ border: 'solid' });
    expect(laptop.every((card) => card.links > 0)).toBe(true);
    done();
    const phone = await newTab(site, { device: 'phone', viewport: { width: 390, height: 844 } });
    await gotoHydrated(phone.page, '/guides');
    const stacked = await phone.page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('h2#where-to-start + ol > li')).map((card) =>
        Math.round(card.getBoundingClientRect().left),
      ),
    );
    expect(new Set(stacked).size).toBe(1);
    await phone.close();
  });

  it('show the Copy button of a code block on a touch screen without a tap', async () => {
    const phone = await newTab(site, { device: 'phone', viewport: { width: 390, height: 844 } });
    await gotoHydrated(phone.page, '/guides/api/introduction');
    expect(await phone.page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    const copy = phone.page.locator('article .theme-code-block').first().getByRole('button', { name: /copy/i });
    expect(await copy.evaluate((button) => getComputedStyle(button).opacity)).toBe('1');
    await phone.close();
  });

  it('keep one language choice for the guides and the reference', async () => {
    const { page, close } = await cleanTab(site);
    await gotoHydrated(page, '/guides/sdks/installation');
    await page.getByRole('tab', { name: 'Go', exact: true }).first().click();
    await gotoHydrated(page, '/api/create-uptime-test');
    const samples = page.locator('.wm-tryit-samples');
    await samples.scrollIntoViewIfNeeded();
    await expect.poll(() => samples.getByRole('tab', { selected: true }).textContent()).toBe('Go');
    await samples.getByRole('tab', { name: '@webmon/ts-client' }).click();
    await gotoHydrated(page, '/guides/sdks/installation');
    await expect.poll(() => page.getByRole('tab', { selected: true }).first().textContent()).toBe('JavaScript');
    await close();
  });

  it('keep the same language choice on the recipe pages', async () => {
    const [recipe] = recipeRoutes;
    expect(recipe).toBeDefined();
    const { page, errors, close } = await cleanTab(site);
    const programs = page.locator('section[aria-labelledby="recipe-code"]');
    const chosenProgram = () => programs.getByRole('tab', { selected: true }).textContent();
    const chosenGuideTab = () => page.locator('article').getByRole('tab', { selected: true }).first().textContent();
    // Go chosen on a recipe page: a guide's language tabs and the reference's samples open on Go.
    await gotoHydrated(page, recipe!);
    await programs.getByRole('tab', { name: 'Go', exact: true }).click();
    await gotoHydrated(page, '/guides/sdks/installation');
    await expect.poll(chosenGuideTab).toBe('Go');
    await gotoHydrated(page, '/api/create-uptime-test');
    const samples = page.locator('.wm-tryit-samples');
    await samples.scrollIntoViewIfNeeded();
    await expect.poll(() => samples.getByRole('tab', { selected: true }).textContent()).toBe('Go');
    // The client chosen in a guide: the recipe opens on its TypeScript program, which runs on that client.
    await gotoHydrated(page, '/guides/sdks/installation');
    await page.locator('article').getByRole('tab', { name: 'JavaScript', exact: true }).first().click();
    await gotoHydrated(page, recipe!);
    await expect.poll(chosenProgram).toMatch(/^TypeScript/);
    // cURL chosen in the reference's samples opens the recipe on its cURL program.
    await gotoHydrated(page, '/api/create-uptime-test');
    await samples.scrollIntoViewIfNeeded();
    await samples.getByRole('tab', { name: 'cURL', exact: true }).click();
    await gotoHydrated(page, recipe!);
    await expect.poll(chosenProgram).toBe('cURL');
    // A choice the recipe has no program for (Python) still shows one: the first.
    await gotoHydrated(page, '/guides/sdks/installation');
    await page.locator('article').getByRole('tab', { name: 'Python', exact: true }).first().click();
    await gotoHydrated(page, recipe!);
    await expect.poll(chosenProgram).toBe('cURL');
    await expect(programs.locator('[role="tabpanel"]:not([hidden]) pre').textContent()).resolves.toMatch(
      /^#!\/usr\/bin\/env bash/,
    );
    expect(errors).toEqual([]);
    await close();
  });
});
