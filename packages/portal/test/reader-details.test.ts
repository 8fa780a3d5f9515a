// Issue 44's small defects, each checked where a reader met it, in Chromium
// over the production build: the reference's word for checks, sidebar labels
// in full, sample tabs that do not look like errors, no raw security scheme,
// item counts said in items, presence flags without a value, a 404 page with
// a way on, a colour toggle whose first click shows, alpha clients marked.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isObject, type JsonObject, listOperations, mergeAllOf } from '@webmon/openapi-core';
import { describe, expect, it } from 'vitest';
import { brand } from '../brand';
import { contrast } from './contrast';
import { cleanTab, gotoHydrated, newTab, portalDir, reusedTab, useSite } from './helpers';

const bundle = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@webmon/spec/openapi.json'), 'utf8'),
) as JsonObject & { 'x-tagGroups': { name: string; tags: string[] }[] };

describe('small defects (issue 44)', () => {
  const site = useSite();
  const tab = reusedTab(site);

  it('the reference groups the checks under the word the guides use', async () => {
    // The guides' overview names the reference's groups in its table; the
    // checks' group is the provider's "Features" (API-FACTS, portal facts).
    const overview = readFileSync(join(portalDir, 'guides/index.mdx'), 'utf8');
    const word = overview.match(/^\| (\w+)[^|]*\| uptime /m)?.[1];
    expect(word).toBe('Features');
    const group = bundle['x-tagGroups'].find(({ tags }) => tags.includes('uptime'));
    expect(group?.name).toBe(word);
    const { page, done } = await tab();
    await gotoHydrated(page, '/api/');
    const labels = await page.locator('.theme-doc-sidebar-menu > li > div > .menu__link').allTextContents();
    expect(labels).toContain(word);
    done();
  });

  it('sidebar labels are shown whole, on a laptop and in the phone menu', async () => {
    const clipped = () =>
      Array.from(document.querySelectorAll<HTMLElement>('.menu__link'))
        .filter((link) => link.offsetParent !== null)
        .filter((link) => link.scrollWidth > link.clientWidth + 1 || getComputedStyle(link).textOverflow === 'ellipsis')
        .map((link) => link.textContent);
    const { page, done } = await tab();
    for (const path of ['/api/create-maintenance-window', '/guides/api/introduction']) {
      await gotoHydrated(page, path);
      // Every category open, every label laid out (a click would fold the others: the sidebar opens one at a time).
      await page.evaluate(() => {
        for (const item of document.querySelectorAll('.menu__list-item--collapsed')) {
          item.classList.remove('menu__list-item--collapsed');
          for (const list of item.querySelectorAll<HTMLElement>(':scope > ul'))
            list.style.cssText = 'display:block;height:auto;overflow:visible';
        }
      });
      expect(await page.evaluate(clipped), path).toEqual([]);
    }
    done();
    const phone = await newTab(site, { device: 'phone', viewport: { width: 390, height: 844 } });
    await gotoHydrated(phone.page, '/api/create-maintenance-window');
    await phone.page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await phone.page.locator('.navbar-sidebar .menu__link').first().waitFor();
    expect(await phone.page.evaluate(clipped)).toEqual([]);
    await phone.close();
  });

  it('the chosen code sample tab is marked in the page colour, never in red, and no raw auth scheme shows', async () => {
    const { page, done } = await tab();
    await gotoHydrated(page, '/api/create-uptime-test');
    const samples = page.locator('.wm-tryit-samples');
    await samples.scrollIntoViewIfNeeded();
    const chosen = samples.getByRole('tab', { selected: true });
    // Focused as a click would leave it (a click would also keep the language, a shared tab's state).
    await chosen.focus();
    const colours = await chosen.evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.outlineColor, style.borderBottomColor, style.borderTopColor, style.boxShadow];
    });
    for (const colour of colours) {
      const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
      // Red: the red channel well above both others (the danger colour of Infima and the theme).
      expect(r > 150 && r > g * 1.8 && r > b * 1.8, `${colour} looks like an error`).toBe(false);
    }
    const text = await page.locator('main').textContent();
    expect(text).not.toMatch(/AUTHORIZATION:\s*HTTP/i);
    expect(text).not.toMatch(/name:\s*bearer/i);
    done();
  });

  it('an item count reads as items, with the bounds of each item', async () => {
    const create = mergeAllOf(bundle, { $ref: '#/components/schemas/SSLTestCreate' });
    const alertAt = mergeAllOf(bundle, (create.properties as Record<string, unknown>).alert_at);
    const items = mergeAllOf(bundle, alertAt.items);
    expect(alertAt.minItems).toBe(alertAt.maxItems);
    const { page, done } = await tab();
    await gotoHydrated(page, '/api/schemas/ssltestcreate');
    const row = page.locator('.openapi-schema__list-item', { has: page.locator('strong', { hasText: /^alert_at$/ }) });
    const text = await row.first().textContent();
    expect(text).toContain(`Possible values: ${alertAt.minItems} items, each ${items.minimum} to ${items.maximum}`);
    expect(text).not.toMatch(/>= \d+, <= \d+/);
    done();
  });

  for (const colorScheme of ['light', 'dark'] as const)
    it(`${colorScheme}: a chosen response code reads at 4.5:1 on its colour, success and error alike`, async () => {
      const { page, errors, close } = await newTab(site, { colorScheme });
      await gotoHydrated(page, '/api/create-uptime-test');
      await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe(colorScheme);
      const codes = page.locator('.openapi-tabs__response-code-item');
      const low: string[] = [];
      for (const code of await codes.all()) {
        await code.click();
        await expect.poll(() => code.getAttribute('class')).toContain('active');
        const colours = () =>
          code.evaluate((element) => {
            const style = getComputedStyle(element);
            return { color: style.color, background: style.backgroundColor };
          });
        // The theme fades the tab's colours in (a 300 ms transition): read them once they are whole.
        await expect.poll(async () => Object.values(await colours()).join(' ')).toMatch(/^rgb\([^)]*\) rgb\(/);
        const { color, background } = await colours();
        const ratio = contrast(color, background);
        if (ratio < 4.5) low.push(`${await code.textContent()}: ${color} on ${background} ${ratio.toFixed(2)}`);
      }
      expect(await codes.count()).toBeGreaterThan(3);
      expect(low).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });

  it('a presence flag shows no example value', async () => {
    const flags = listOperations(bundle).flatMap(({ operationId, parameters }) =>
      parameters
        .filter(({ parameter }) => isObject(parameter) && parameter['x-presence-flag'] === true)
        .map(({ name }) => [operationId, name] as const),
    );
    expect(flags.map(([, name]) => name)).toContain('matchany');
    const { page, done } = await tab();
    for (const [operationId, name] of flags) {
      await gotoHydrated(page, `/api/${operationId}`);
      const row = page.locator('.openapi-params__list-item', { has: page.locator('strong', { hasText: name }) });
      const text = await row.first().textContent();
      expect(text, name).toContain('sent with no value');
      expect(text, name).not.toMatch(/Example:/);
    }
    done();
  });

  it('the 404 page offers a search and ways on', async () => {
    const { page, done } = await tab();
    const answer = await page.goto(`${site.url}/no-such-page`);
    expect(answer?.status()).toBe(404);
    const links = await page.locator('main a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(['/guides', '/api/', '/api/api-changes']));
    await page.getByRole('searchbox', { name: 'Search the docs' }).fill('rate limit');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=rate\+limit/);
    done();
  });

  for (const system of ['light', 'dark'] as const) {
    it(`the colour toggle's first click changes the page (system ${system})`, async () => {
      const { page, close } = await cleanTab(site, { colorScheme: system });
      await gotoHydrated(page, '/guides');
      expect(await page.getAttribute('html', 'data-theme')).toBe(system);
      const toggle = page.getByRole('button', { name: /dark and light mode/i });
      const other = system === 'light' ? 'dark' : 'light';
      await toggle.click();
      await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe(other);
      await toggle.click();
      await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe(system);
      await close();
    });
  }

  it('the home page marks the alpha clients as the Installation guide does', async () => {
    const alpha = brand.clients.filter((client) => client.status === 'alpha');
    expect(alpha.map((client) => client.title)).toEqual(expect.arrayContaining(['Python', 'Ruby']));
    const { page, done } = await tab();
    await gotoHydrated(page, '/');
    for (const client of brand.clients) {
      const card = page.locator('main li', { has: page.locator('h3', { hasText: client.title }) });
      expect(await card.getByRole('link', { name: 'alpha', exact: true }).count(), client.title).toBe(
        client.status === 'alpha' ? 1 : 0,
      );
    }
    done();
  });
});
