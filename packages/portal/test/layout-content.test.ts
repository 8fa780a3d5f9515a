// Layout defects a reader saw (issue 16), each checked in Chromium against the
// production build: sideways scrolling on a phone (every route), clipped
// install prompts, the announcement bar in dark mode, the hero logo's centre,
// the phone menu's title, the chunk-error box, empty table header cells.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { brand } from '../brand';
import {
  type TabOptions,
  buildDir,
  gotoHydrated,
  htmlFiles,
  navigateInApp,
  newTab,
  reusedTab,
  useSite,
} from './helpers';

const site = useSite();

// Every test here only reads pages (the chunk-error one routes its own tab):
// tabs of the file's shared contexts, the desktop's and the phone's.

/** An iPhone 12 to 15: the narrowest phone width a reader reported on. */
const PHONE_390: TabOptions = { device: 'phone', viewport: { width: 390, height: 844 } };
const DESKTOP: TabOptions = { device: 'desktop' };
/** One tab per size for the home page's and the phone menu's checks, each a full load in it. */
const tabs = { '1280 px': reusedTab(site, DESKTOP), '390 px': reusedTab(site, PHONE_390) };

/** Every route of the build (the not-found page through a path that does not exist); not the test-only crash route. */
const routes = htmlFiles(buildDir)
  .map((file) => relative(buildDir, file))
  .filter((file) => !file.startsWith('test/'))
  .map((file) => (file === '404.html' ? '/no-such-page' : `/${file.replace(/(^|\/)index\.html$/, '')}`))
  .sort();

/** How far the page scrolls sideways, and the element sticking out furthest (for the message). */
function sideways(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let culprit = '';
    let furthest = width;
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      // Skip what the page hides off-screen on purpose (the closed phone menu, the skip link).
      if (box.width === 0 || box.right <= furthest || box.left < 0) continue;
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      furthest = box.right;
      culprit = `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, culprit };
  });
}

describe('layout of the content (issue 16)', () => {
  it('finds every route of the build', () => {
    expect(routes).toContain('/');
    expect(routes).toContain('/api/create-uptime-test');
    expect(routes).toContain('/guides/sdks/installation');
    expect(routes.length).toBeGreaterThan(100);
  });

  it(
    'no route scrolls sideways on a 390 px phone, and none throws a page error',
    async () => {
      const queue = [...routes];
      const wide: string[] = [];
      const errors: string[] = [];
      // Three tabs at a time: enough to keep a busy 2-core machine working, no
      // more. Each tab loads its first route, then moves in-app, as a reader
      // does: a full load costs a run of main.js and a hydration each
      // (server-rendered pages are loaded in routes.test.ts and by the tests
      // that check a first render).
      await Promise.all(
        Array.from({ length: 3 }, async () => {
          const { page, close } = await newTab(site, PHONE_390);
          let current = '';
          page.on('pageerror', (error) => errors.push(`${current}: ${error.message}`));
          for (let route = queue.shift(); route; route = queue.shift()) {
            current = route;
            if (!page.url().startsWith(site.url)) await gotoHydrated(page, route);
            else await navigateInApp(page, route);
            const { scrollWidth, width, culprit } = await sideways(page);
            if (scrollWidth > width) wide.push(`${route}: ${scrollWidth} px wide on ${width} px (${culprit})`);
          }
          await close();
        }),
      );
      expect(wide).toEqual([]);
      expect(errors).toEqual([]);
    },
    15 * 60_000,
  );

  for (const name of ['1280 px', '390 px'] as const) {
    it(`the home page's install prompts show their whole command at ${name}`, async () => {
      const { page, done } = await tabs[name]();
      await gotoHydrated(page, '/');
      const prompts = await page.locator('main li code').evaluateAll((codes) =>
        codes.map((code) => {
          const box = code.getBoundingClientRect();
          const card = code.closest('li')!.getBoundingClientRect();
          return {
            text: code.textContent ?? '',
            hidden: code.scrollWidth - code.clientWidth,
            insideCard: box.left >= card.left && box.right <= card.right + 0.5,
          };
        }),
      );
      expect(prompts.map((prompt) => prompt.text.replace(/^\$/, ''))).toEqual(brand.clients.map((c) => c.prompt));
      for (const prompt of prompts) {
        expect(prompt.hidden, prompt.text).toBeLessThanOrEqual(0);
        expect(prompt.insideCard, prompt.text).toBe(true);
      }
      done();
    });
  }

  it('the announcement bar follows dark mode, with readable text', async () => {
    const { page, close } = await newTab(site, { colorScheme: 'dark' });
    await gotoHydrated(page, '/');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    const colours = await page.locator('.theme-announcement-bar').evaluate((bar) => {
      const parse = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      return { background: parse(getComputedStyle(bar).backgroundColor), text: parse(getComputedStyle(bar).color) };
    });
    const luminance = ([r, g, b]: number[]) => {
      const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
    };
    expect(luminance(colours.background)).toBeLessThan(0.1); // dark, not the white it was
    const [light, dark] = [luminance(colours.text), luminance(colours.background)].sort((a, b) => b - a);
    expect((light! + 0.05) / (dark! + 0.05)).toBeGreaterThanOrEqual(4.5);
    await close();
  });

  for (const name of ['1280 px', '390 px'] as const) {
    it(`the hero logo's drawing is centred in the hero at ${name}`, async () => {
      const { page, done } = await tabs[name]();
      await gotoHydrated(page, '/');
      const offset = await page.evaluate(async () => {
        const hero = document.querySelector('header')!.getBoundingClientRect();
        const image = Array.from(document.querySelectorAll<HTMLImageElement>('header img')).find(
          (img) => img.offsetWidth > 0,
        )!;
        const box = image.getBoundingClientRect();
        // The drawing inside the SVG: its elements' bounding box, against the viewBox.
        const holder = document.createElement('div');
        holder.innerHTML = await (await fetch(image.currentSrc || image.src)).text();
        document.body.append(holder);
        const svg = holder.querySelector('svg')!;
        svg.setAttribute('width', String(box.width));
        svg.setAttribute('height', String(box.height));
        let left = Number.POSITIVE_INFINITY;
        let right = Number.NEGATIVE_INFINITY;
        const scale = box.width / svg.viewBox.baseVal.width;
        for (const shape of Array.from(
          svg.querySelectorAll<SVGGraphicsElement>('circle, polyline, path, text, rect'),
        )) {
          const bbox = shape.getBBox();
          const stroke = Number(shape.getAttribute('stroke-width') ?? 0) / 2;
          left = Math.min(left, bbox.x - stroke);
          right = Math.max(right, bbox.x + bbox.width + stroke);
        }
        holder.remove();
        const drawingCentre = box.left + ((left + right) / 2) * scale;
        return Math.abs(drawingCentre - (hero.left + hero.right) / 2);
      });
      expect(offset).toBeLessThanOrEqual(4);
      done();
    });
  }

  it("the phone menu shows the navbar title whole, not cut to 'Devel…'", async () => {
    const { page, done } = await tabs['390 px']();
    await gotoHydrated(page, '/guides/');
    await page.getByRole('button', { name: /toggle navigation bar/i }).click();
    const title = page.locator('.navbar-sidebar__brand .navbar__title');
    await expect.poll(() => title.isVisible()).toBe(true);
    expect(await title.textContent()).toBe(brand.navbarTitle);
    expect(await title.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    done();
  });

  it('the chunk-error box sits above the heading, not over it, and shows no chunk URL', async () => {
    const { page, close } = await newTab(site);
    await page.route(/\/assets\/js\/(?!main|runtime)[^/]+\.js$/, (route) => route.abort('failed'));
    await page.goto('/guides/api/errors');
    const box = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
    await expect.poll(() => box.isVisible()).toBe(true);
    const [boxRect, headingRect] = await Promise.all([
      box.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      page
        .locator('h1')
        .first()
        .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    ]);
    expect(boxRect.bottom).toBeLessThanOrEqual(headingRect.top);
    const text = (await box.textContent()) ?? '';
    expect(text).not.toMatch(/https?:|\/assets\/|\.js\b|chunk/i);
    await close();
  });

  it('no table on any page has an empty header cell', () => {
    const empty: string[] = [];
    for (const file of htmlFiles(buildDir)) {
      const html = readFileSync(file, 'utf8');
      // The build's HTML is minified: a cell ends at </th> or wherever the next one starts.
      for (const match of html.matchAll(/<th\b[^>]*>([\s\S]*?)(?=<\/th>|<th\b|<\/tr>|<tr\b|<\/thead>|<tbody\b)/g)) {
        if (match[1]!.replace(/<[^>]+>/g, '').trim() === '') empty.push(relative(buildDir, file));
      }
    }
    expect([...new Set(empty)]).toEqual([]);
  });
});
