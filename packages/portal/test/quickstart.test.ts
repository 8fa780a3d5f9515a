/**
 * The five-minute quickstart (issue 44): from the home page to a working
 * call, in Chromium on the production build, with service workers refused
 * and nothing typed but the id the reader copies from one answer into the
 * next form. Its panels are the reference's try-it on the same sandbox.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  bodyField,
  json,
  MOCK_SERVER,
  newId,
  openOperation,
  operations,
  param,
  PRODUCTION_SERVER,
  send,
} from './api-helpers';
import { gotoHydrated, newPage, newTab, useSite } from './helpers';

const site = useSite();

const QUICKSTART = '/guides/quickstart';
/** The operations the quickstart calls, in its order. */
const STEPS = ['list-uptime-tests', 'create-uptime-test', 'get-uptime-test'];

/** One of the quickstart's panels, once its try-it is drawn. */
async function panel(page: Page, operationId: string): Promise<Locator> {
  const section = page.locator(`section[aria-label^="Try it: "]:has(#try-${operationId})`);
  await section.scrollIntoViewIfNeeded();
  await section.locator('section.wm-tryit form').waitFor();
  return section;
}

/** Send in one panel, and its answer (the page's other panels have answers of their own). */
async function sendIn(section: Locator): Promise<{ status: number; body: string }> {
  const answered = section.locator('section.wm-tryit-response[data-answer]');
  const before = (await answered.count()) ? await answered.getAttribute('data-answer') : null;
  await section.getByRole('button', { name: /^Send to / }).click();
  const summary = section.locator(
    before === null
      ? '[data-response-status]'
      : `section.wm-tryit-response:not([data-answer="${before}"]) [data-response-status]`,
  );
  await summary.waitFor();
  const status = Number(await summary.getAttribute('data-response-status'));
  const code = section.locator('[data-response-body] pre');
  return { status, body: (await code.count()) ? ((await code.first().textContent()) ?? '') : '' };
}

describe('the quickstart', () => {
  it('is reached from the home page, and its three calls work in the sandbox with nothing typed, step 3 reading the check step 2 made', {
    timeout: 240_000,
  }, async () => {
    // Service workers refused, as some browsers do; nothing may reach a host of the API.
    const { context, page, errors } = await newPage(site, { serviceWorkers: 'block' });
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      const host = new URL(request.url()).host;
      if (['sandbox.invalid', 'api.webmon.dev', new URL(MOCK_SERVER).host].includes(host))
        apiRequests.push(request.url());
    });
    await gotoHydrated(page, '/');
    await page.getByRole('link', { name: 'Make your first call' }).click();
    await page.waitForURL(new RegExp(`${QUICKSTART}$`));
    await page.locator('h1', { hasText: 'Quickstart' }).waitFor();

    const list = await sendIn(await panel(page, 'list-uptime-tests'));
    expect(list.status, list.body).toBe(200);
    expect((json(list.body) as { data: unknown[] }).data.length).toBeGreaterThan(0);

    const createForm = await panel(page, 'create-uptime-test');
    const name = await bodyField(createForm, 'name').inputValue();
    expect(name).not.toBe('');
    const created = await sendIn(createForm);
    expect(created.status, created.body).toBe(201);
    const id = newId(created.body);

    // Step 3's test_id takes the id step 2 answered: the reader reads their own check, not the example's.
    const getForm = await panel(page, 'get-uptime-test');
    await expect.poll(() => param(getForm, 'test_id').inputValue()).toBe(id);
    const read = await sendIn(getForm);
    expect(read.status, read.body).toBe(200);
    const check = (json(read.body) as { data: { id: unknown; name: string } }).data;
    expect(String(check.id)).toBe(id);
    expect(check.name).toBe(name);

    // One sandbox for the site: the reference reads the quickstart's check.
    const reference = await openOperation(page, 'get-uptime-test');
    await param(reference, 'test_id').fill(id);
    const again = await send(page, reference);
    expect(again.status, again.body).toBe(200);
    expect((json(again.body) as { data: { name: string } }).data.name).toBe(name);
    expect(apiRequests).toEqual([]);
    expect(context.serviceWorkers()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('heads each panel with its call and a link to its reference page, in the page and in its Markdown twin, its own heading under its step', async () => {
    const { page, errors, close } = await newTab(site);
    await gotoHydrated(page, QUICKSTART);
    const twin = await (await fetch(`${site.url}${QUICKSTART}.md`)).text();
    for (const id of STEPS) {
      const operation = operations.find((op) => op.operationId === id);
      if (!operation) throw new Error(`${id}: not in the bundle`);
      const section = page.locator(`section[aria-label="Try it: ${operation.summary}"]`);
      await expect.poll(() => section.count()).toBe(1);
      expect(await section.locator('p').first().textContent(), id).toBe(
        `${operation.method.toUpperCase()}${PRODUCTION_SERVER}${operation.path}`,
      );
      expect(await section.getByRole('link', { name: operation.summary }).getAttribute('href'), id).toBe(`/api/${id}`);
      // The panel's own heading sits one level below its step's h2.
      const form = await panel(page, id);
      expect(await form.locator('h3.wm-tryit-title').textContent(), id).toBe('Try it');
      // Before step 2 has answered, step 3's id is empty, not the example's record (which looks like the reader's).
      if (id === 'get-uptime-test') expect(await param(form, 'test_id').inputValue()).toBe('');
      // The twin carries the call the panel starts with, as its cURL sample shows it.
      expect(await form.locator('.wm-tryit-samples [role="tab"][aria-selected="true"]').textContent(), id).toBe('cURL');
      const curl = (await form.locator('.wm-tryit-samples [role="tabpanel"] pre').textContent()) ?? '';
      expect(curl, id).toMatch(/^curl /);
      expect(twin, id).toContain(`\`\`\`bash\n${curl.trim()}\n\`\`\``);
      expect(twin, id).toContain(
        `**Try it:** \`${operation.method.toUpperCase()} ${PRODUCTION_SERVER}${operation.path}\` ([${operation.summary}](/api/${id}.md)`,
      );
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('on a 390 px phone, an answer wrapped keeps its shape: a line that wraps goes on under its own indent', async () => {
    const { page, errors, close } = await newTab(site, { device: 'phone', viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, QUICKSTART);
    const answer = await sendIn(await panel(page, 'list-uptime-tests'));
    expect(answer.status).toBe(200);
    const lines = await page
      .locator('section[aria-label^="Try it: "] [data-response-body] pre')
      .first()
      .evaluate((pre) => {
        const left = pre.getBoundingClientRect().left;
        const ch = Number.parseFloat(getComputedStyle(pre).fontSize) * 0.6;
        return [...pre.querySelectorAll('.wm-tryit-line')].map((line) => {
          // Where each of the line's boxes starts, in characters from the block's left edge.
          const range = document.createRange();
          range.selectNodeContents(line);
          const byTop = new Map<number, number>();
          for (const rect of range.getClientRects()) {
            if (rect.width < 1) continue;
            const top = Math.round(rect.top);
            byTop.set(top, Math.min(byTop.get(top) ?? Number.POSITIVE_INFINITY, rect.left));
          }
          const starts = [...byTop.entries()].sort(([a], [b]) => a - b).map(([, x]) => Math.round((x - left) / ch));
          return { text: (line.textContent ?? '').trim(), starts };
        });
      });
    const wrapped = lines.filter(({ starts }) => new Set(starts).size > 1);
    // The list's answer has lines longer than a phone's: some wrap.
    expect(wrapped.length).toBeGreaterThan(0);
    // Every wrapped line's rest starts right of where the line starts.
    const bad = wrapped.filter(({ starts: [first = 0, ...rest] }) => rest.some((start) => start <= first));
    expect(bad).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('sits in the guides sidebar under Overview, between About and Examples, and first in Where to start', async () => {
    const { page, errors, close } = await newTab(site);
    await gotoHydrated(page, '/guides');
    const overview = page.locator('.theme-doc-sidebar-menu > li:first-child ul a');
    expect((await overview.allTextContents()).map((label) => label.trim())).toEqual([
      'About',
      'Quickstart',
      'Examples',
    ]);
    expect(await page.locator('h2#where-to-start + ol > li:first-child a').first().getAttribute('href')).toBe(
      QUICKSTART,
    );
    expect(errors).toEqual([]);
    await close();
  });
});
