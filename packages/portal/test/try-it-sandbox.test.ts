/**
 * The try-it's in-page sandbox (issue 39), on the production build in
 * Chromium: it answers with service workers refused and sends nothing to the
 * network; the reader's records outlive a reload and are shared with a second
 * tab; Reset, Export and Import; the form's contrast in both colour modes; and
 * the phone's "Try it" link.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contrast } from './contrast';
import { cleanTab, gotoHydrated, newPage, newTab, useSite } from './helpers';
import {
  MOCK_SERVER,
  chooseServer,
  json,
  openOperation,
  operations,
  param,
  sandboxOptions,
  send,
  sendCreate,
} from './api-helpers';

const site = useSite();

/** The hosts a sandbox request could go to if it left the page: the sandbox's own, the API's, the mock server's. */
const API_HOSTS = ['sandbox.invalid', 'api.webmon.dev', new URL(MOCK_SERVER).host];

/** Every request the page makes to a host of the API (the sandbox's, production's, the mock server's). */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const host = new URL(request.url()).host;
    if (API_HOSTS.includes(host)) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

const ids = (body: string) => (json(body) as { data: { id: string }[] }).data.map((record) => record.id);

/** The sandbox controls' message line. */
const note = (form: Locator) => form.locator('.wm-tryit-sandbox [role="status"]');

describe('the sandbox runs in the page', () => {
  it('with service workers blocked, Send with nothing typed answers 2xx on every operation page, and no request leaves the page', {
    timeout: 900_000,
  }, async () => {
    const { context, page, errors } = await newPage(site, { serviceWorkers: 'block' });
    const requests = apiRequests(page);
    // Deletes last: each removes the example's record the other pages of its tag use.
    const ordered = [
      ...operations.filter((op) => op.method !== 'delete'),
      ...operations.filter((op) => op.method === 'delete'),
    ];
    expect(ordered).toHaveLength(36);
    const failures: string[] = [];
    for (const { operationId } of ordered) {
      const form = await openOperation(page, operationId);
      const answer = await send(page, form).catch((error: Error) => ({ status: 0, body: error.message }));
      if (answer.status < 200 || answer.status > 299) failures.push(`${operationId}: ${answer.status} ${answer.body}`);
      expect(await page.getAttribute('html', 'data-try-it-sandbox'), operationId).toBe('ready');
    }
    expect(failures).toEqual([]);
    expect(requests).toEqual([]);
    expect(context.serviceWorkers()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the reader's sandbox is kept", () => {
  it('a record created is listed after a reload and in a second tab, which hears of a change made in the first', async () => {
    const { context, page, errors, close } = await cleanTab(site);
    // The second tab first, its sandbox running: it is told when the first one writes.
    const other = await context.newPage();
    let otherForm = await openOperation(other, 'list-contact-groups');
    const before = await send(other, otherForm);
    expect(before.status, before.body).toBe(200);

    await page.bringToFront();
    let form = await openOperation(page, 'create-contact-group');
    const id = await sendCreate(page, form);
    expect(ids(before.body)).not.toContain(id);

    form = await openOperation(page, 'list-contact-groups');
    expect(ids((await send(page, form)).body)).toContain(id);
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    form = await openOperation(page, 'list-contact-groups');
    const afterReload = await send(page, form);
    expect(afterReload.status).toBe(200);
    expect(ids(afterReload.body)).toContain(id);

    await other.bringToFront();
    await expect.poll(() => note(otherForm).textContent()).toBe('Changed in another tab.');
    const inOther = await send(other, otherForm);
    expect(ids(inOther.body)).toContain(id);
    // A tab opened now reads the same account.
    const third = await context.newPage();
    otherForm = await openOperation(third, 'get-contact-group');
    await param(otherForm, 'group_id').fill(id);
    const got = await send(third, otherForm);
    expect(got.status, got.body).toBe(200);
    expect(errors).toEqual([]);
    await close();
  });

  it('Reset gives the seeded account back and clears the 429 scenario', async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'delete-uptime-test');
    const exampleId = await param(form, 'test_id').inputValue();
    expect(exampleId).not.toBe('');
    expect((await send(page, form)).status).toBe(204);
    form = await openOperation(page, 'get-uptime-test');
    await param(form, 'test_id').fill(exampleId);
    expect((await send(page, form)).status).toBe(404);
    const scenario = (await sandboxOptions(form)).getByLabel('Next answers', { exact: true });
    await scenario.selectOption({ label: '429 Too Many Requests (rate limit)' });
    expect((await send(page, form)).status).toBe(429);

    await form.getByRole('button', { name: 'Reset sandbox' }).click();
    await expect.poll(() => note(form).textContent()).toMatch(/^Reset/);
    const again = await send(page, form);
    expect(again.status, again.body).toBe(200);
    expect(json(again.body)).toMatchObject({ data: { id: exampleId } });
    expect(await scenario.inputValue()).toBe('none');
    // And after a reload: the reset account is the one kept.
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    form = await openOperation(page, 'get-uptime-test');
    await param(form, 'test_id').fill(exampleId);
    expect((await send(page, form)).status).toBe(200);
    expect(errors).toEqual([]);
    await close();
  });

  it("the sandbox clock moves the reader's account: a heartbeat with no ping for longer than its period reads down", async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'create-heartbeat-test');
    const id = await sendCreate(page, form);
    form = await openOperation(page, 'get-heartbeat-test');
    await param(form, 'test_id').fill(id);
    const before = json((await send(page, form)).body) as { data: { status: string; period: number } };
    expect(before.data.status).toBe('up');
    // Forward by more than the check's period: a day, from the controls.
    expect(before.data.period).toBeLessThan(86_400);
    await (await sandboxOptions(form))
      .getByRole('group', { name: 'Sandbox clock' })
      .getByRole('button', { name: '+1 day' })
      .click();
    await expect.poll(() => note(form).textContent()).toMatch(/^Sandbox time is now \d{4}-\d\d-\d\dT/);
    const after = json((await send(page, form)).body) as { data: { status: string } };
    expect(after.data.status).toBe('down');
    expect(errors).toEqual([]);
    await close();
  });

  it('Export then Import restores a state; a damaged file is refused with a message and changes nothing', async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'create-contact-group');
    const id = await sendCreate(page, form);

    const exportButton = (await sandboxOptions(form)).getByRole('button', { name: 'Export' });
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    const path = await download.path();
    const exported = readFileSync(path, 'utf8');
    expect(() => JSON.parse(exported)).not.toThrow();
    expect(exported).toContain(id);

    form = await openOperation(page, 'delete-contact-group');
    await param(form, 'group_id').fill(id);
    expect((await send(page, form)).status).toBe(204);
    form = await openOperation(page, 'list-contact-groups');
    const withoutIt = await send(page, form);
    expect(ids(withoutIt.body)).not.toContain(id);

    const file = form.locator('.wm-tryit-sandbox input[type="file"]');
    await file.setInputFiles({ name: 'state.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await expect.poll(() => note(form).textContent()).toBe('Imported state.json.');
    const restored = await send(page, form);
    expect(ids(restored.body)).toContain(id);

    // Damaged: not JSON, and JSON that is no sandbox state (the export with its records' ids made objects).
    const damaged = exported.replaceAll(`"${id}"`, '{"broken":true}');
    expect(damaged).not.toBe(exported);
    for (const [name, text] of [
      ['cut.json', exported.slice(0, exported.length / 2)],
      ['damaged.json', damaged],
      ['other.json', '{"hello":"world"}'],
    ] as const) {
      await file.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
      await expect.poll(() => note(form).textContent(), { message: name }).toMatch(/Nothing changed\.$/);
      expect(await note(form).textContent(), name).not.toMatch(/^Imported/);
      const after = await send(page, form);
      expect(after.body, name).toBe(restored.body);
    }
    expect(errors).toEqual([]);
    await close();
  });
});

/** WCAG 2.2 contrast of the try-it's parts, from the colours the browser paints (composed in the page). */
interface Contrast {
  what: string;
  ratio: number;
}

interface Painted {
  what: string;
  /** The foreground (text or border) over what is behind it, and what is behind it; `ratio` 0 with no border. */
  front: number[];
  back: number[];
  none?: true;
}

async function contrasts(form: Locator): Promise<{ borders: Contrast[]; send: Contrast[]; labels: Contrast[] }> {
  const painted = await form.evaluate((root) => {
    const parse = (colour: string): [number, number, number, number] => {
      const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return [r!, g!, b!, colour.startsWith('rgba') ? a : 1];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!)).concat(1);
    /** The colour an element's background paints, its ancestors' showing through. */
    const background = (element: Element | null): number[] => {
      const layers: number[][] = [];
      for (let at = element; at; at = at.parentElement) {
        const colour = parse(getComputedStyle(at).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] === 1) break;
      }
      let painted = [255, 255, 255, 1];
      for (const layer of layers.reverse()) painted = over(layer, painted);
      return painted;
    };
    const visible = (element: Element) => (element as HTMLElement).offsetParent !== null;
    const name = (element: Element) =>
      element.closest('[data-api-field]')?.getAttribute('data-api-field') ??
      element.getAttribute('aria-label') ??
      element.textContent?.trim() ??
      element.tagName;
    const borders = Array.from(
      root.querySelectorAll('input:not([type=radio]):not([type=checkbox]):not([type=file]), select'),
    )
      .filter(visible)
      .map((input) => {
        const style = getComputedStyle(input);
        const width = Number.parseFloat(style.borderBottomWidth);
        const outside = background(input.parentElement);
        return {
          what: `${name(input)} (${style.borderBottomColor} ${width}px on ${outside})`,
          front: over(parse(style.borderBottomColor), outside),
          back: outside,
          ...(width > 0 ? {} : { none: true as const }),
        };
      });
    const text = (element: Element) => {
      const behind = background(element);
      return {
        what: `${name(element)} (${getComputedStyle(element).color} on ${behind})`,
        front: over(parse(getComputedStyle(element).color), behind),
        back: behind,
      };
    };
    const send = Array.from(root.querySelectorAll('button[type=submit]')).filter(visible).map(text);
    const labels = Array.from(root.querySelectorAll('label, legend')).filter(visible).map(text);
    return { borders, send, labels };
  });
  const ratios = (parts: Painted[]): Contrast[] =>
    parts.map(({ what, front, back, none }) => ({ what, ratio: none ? 0 : contrast(front, back) }));
  return { borders: ratios(painted.borders), send: ratios(painted.send), labels: ratios(painted.labels) };
}

describe("the try-it's contrast (WCAG 2.2)", () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`${colorScheme}: input borders 3:1 against the form, Send and labels 4.5:1; a disabled Send looks disabled and says why`, async () => {
      const { page, errors, close } = await newTab(site, { colorScheme });
      const form = await openOperation(page, 'create-uptime-test');
      await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe(colorScheme);
      await form.locator('details.wm-tryit-optional > summary').click();
      const { borders, send: sendButton, labels } = await contrasts(form);
      expect(borders.length).toBeGreaterThan(20);
      expect(labels.length).toBeGreaterThan(20);
      expect(sendButton).toHaveLength(1);
      expect(borders.filter((c) => c.ratio < 3)).toEqual([]);
      expect(sendButton.filter((c) => c.ratio < 4.5)).toEqual([]);
      expect(labels.filter((c) => c.ratio < 4.5)).toEqual([]);

      // Production without a token: Send is off, looks it, and the reason is beside it.
      const button = form.getByRole('button', { name: /^Send to / });
      const look = () =>
        button.evaluate((element) => {
          const style = getComputedStyle(element);
          return { color: style.color, background: style.backgroundColor, border: style.borderStyle };
        });
      const enabled = await look();
      await chooseServer(form, 'Production');
      await expect.poll(() => button.isDisabled()).toBe(true);
      const disabled = await look();
      expect(disabled, 'a disabled Send looks unlike an enabled one').not.toEqual(enabled);
      expect(disabled.background).not.toBe(enabled.background);
      const why = form.locator('.wm-tryit-send .wm-tryit-note');
      expect(await why.isVisible()).toBe(true);
      expect(await why.textContent()).toMatch(/token/i);
      // A tab of the shared context: its sessionStorage is its own, but leave the default back.
      await chooseServer(form, 'Sandbox');
      expect(errors).toEqual([]);
      await close();
    });
  }
});

describe('on a phone', () => {
  it('a "Try it" link near the top of an operation page jumps to the try-it', async () => {
    const { page, errors, close } = await newTab(site, { device: 'phone' });
    await gotoHydrated(page, '/api/create-uptime-test');
    const link = page.locator('main').getByRole('link', { name: 'Try it', exact: true });
    await expect.poll(() => link.count()).toBe(1);
    const viewport = page.viewportSize()!;
    const box = (await link.boundingBox())!;
    expect(box.y + box.height, 'in the first screen').toBeLessThanOrEqual(viewport.height);
    expect(await link.getAttribute('href')).toBe('#try-it');
    await link.click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#try-it');
    // The target wraps the panel (taller than a phone's screen): its top is in view, and the panel loaded there.
    const target = page.locator('#try-it');
    await target.locator('section.wm-tryit form').waitFor();
    await expect
      .poll(() =>
        target.evaluate((element) => {
          const { top } = element.getBoundingClientRect();
          return top >= 0 && top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
