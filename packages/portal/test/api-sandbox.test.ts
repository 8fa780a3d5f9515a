/**
 * The try-it's sandbox on the production build (issues 13 and 39): the
 * default server is the mock running in the page, so a round trip needs the
 * form alone; Send starts it without moving; a path value stays one segment;
 * the samples follow the inputs, on the production URL, with no token of the
 * reader's or the sandbox's; the scenarios (Prefer); the sandbox's code
 * failing to download; and the reader's production token, which goes to
 * production only. What the sandbox keeps across reloads and tabs, Reset,
 * Export and Import: try-it-sandbox.test.ts.
 */
import type { Locator, Page, Request as PwRequest, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cleanTab, useSite } from './helpers';
import {
  PRODUCTION_SERVER,
  bodyField,
  chooseServer,
  json,
  openOperation,
  operations,
  param,
  sandboxOptions,
  send,
  setList,
  showAllParameters,
  tokenInput,
  viaSidebar,
  sendCreate,
} from './api-helpers';

const site = useSite();

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** The answer panel of the try-it. */
const panelOf = (page: Page) => page.locator('section.wm-tryit-response');

/** The last call as the panel shows it, above the answer: "METHOD url" (the path alone for the sandbox). */
async function sentLine(page: Page): Promise<{ method: string; url: string }> {
  const [method = '', url = ''] = (await text(panelOf(page).locator('.wm-tryit-sent code'))).split(' ');
  return { method, url };
}

/** The answer's headers, from the panel's (folded) table. */
async function answerHeaders(page: Page): Promise<Record<string, string>> {
  const rows = await panelOf(page)
    .locator('details.wm-tryit-headers tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']),
    );
  return Object.fromEntries(rows);
}

const SAMPLE_LANGUAGES = ['cURL', 'Go', '@webmon/ts-client'] as const;
type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

/**
 * The sample shown under a language tab, read once the tab is selected (the
 * tab strip and its panel change in one render, which on a busy machine can
 * come after the click returns).
 */
async function sample(form: Locator, language: SampleLanguage): Promise<string> {
  const samples = form.locator('.wm-tryit-samples');
  await samples.getByRole('tab', { name: language, exact: true }).click();
  await samples.locator('[role="tab"][aria-selected="true"]', { hasText: language }).waitFor();
  return (await samples.getByRole('tabpanel').textContent()) ?? '';
}

/** How each language's sample begins. */
const SAMPLE_START: Record<SampleLanguage, string> = {
  cURL: 'curl ',
  Go: 'package main',
  '@webmon/ts-client': 'import ',
};

/**
 * Records, at every change of the page, which language tab is selected and
 * how its sample begins, so a test can check that no frame paints one
 * language's sample under another's tab. Survives in-app navigation.
 */
async function recordSampleFrames(page: Page): Promise<() => Promise<{ tab: string; code: string }[]>> {
  await page.evaluate(() => {
    const frames: { tab: string; code: string }[] = [];
    Object.assign(window, { sampleFrames: frames });
    const record = () => {
      const samples = document.querySelector('.wm-tryit-samples');
      const tab = samples?.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? '';
      const code = samples?.querySelector('[role="tabpanel"]')?.textContent?.trimStart().slice(0, 12) ?? '';
      const last = frames.at(-1);
      if (last?.tab !== tab || last.code !== code) frames.push({ tab, code });
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { sampleFrames: { tab: string; code: string }[] }).sampleFrames);
}

const label = (operationId: string) => operations.find((op) => op.operationId === operationId)!.summary;

describe('the sandbox is the default server', () => {
  // On every operation page, Send with nothing typed answers 2xx from the
  // sandbox: api-reference.test.ts's walk and try-it-sandbox.test.ts. A
  // create, list, delete and 404: api-try-it.test.ts.

  it('create, get, update, get again, using only the form', async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'create-uptime-test');
    expect(await form.getByRole('radio', { name: /^Sandbox/ }).isChecked()).toBe(true);
    await bodyField(form, 'name').fill('Round trip shop');
    await showAllParameters(form);
    await setList(form, 'tags', ['roundtrip', 'eu']);
    const id = await sendCreate(page, form);

    form = await viaSidebar(page, label('get-uptime-test'), 'get-uptime-test');
    await param(form, 'test_id').fill(id);
    const got = await send(page, form);
    expect(got.status, got.body).toBe(200);
    expect(json(got.body)).toMatchObject({ data: { id, name: 'Round trip shop', tags: ['roundtrip', 'eu'] } });

    form = await viaSidebar(page, label('update-uptime-test'), 'update-uptime-test');
    await param(form, 'test_id').fill(id);
    await showAllParameters(form);
    await bodyField(form, 'timeout').fill('30');
    await setList(form, 'tags', ['web']);
    expect((await send(page, form)).status).toBe(204);

    form = await viaSidebar(page, label('get-uptime-test'), 'get-uptime-test');
    await param(form, 'test_id').fill(id);
    const updated = await send(page, form);
    expect(json(updated.body)).toMatchObject({ data: { id, name: 'Round trip shop', timeout: 30, tags: ['web'] } });
    expect(errors).toEqual([]);
    await close();
  });

  it('the first Send starts the sandbox without moving Send: the click lands where it was aimed', async () => {
    // A status line above the form that changes length as the sandbox starts
    // would move Send between the press and the release, and lose the click.
    const { page, errors, close } = await cleanTab(site);
    const form = await openOperation(page, 'get-uptime-test');
    // Send sticks to the screen's foot while the form scrolls by, and the answer scrolls into view:
    // what must not move is the form itself, under the controls above it.
    const sendTop = () =>
      form
        .locator('form')
        .evaluate(
          (element) => element.getBoundingClientRect().top - element.closest('section')!.getBoundingClientRect().top,
        );
    const before = await sendTop();
    expect(await page.getAttribute('html', 'data-try-it-sandbox')).toBeNull();
    const answer = await send(page, form);
    expect(answer.status, answer.body).toBe(200);
    expect(await page.getAttribute('html', 'data-try-it-sandbox')).toBe('ready');
    expect(await sendTop()).toBe(before);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a path value is one segment', () => {
  it("an id with slashes stays in its segment and reaches no other route; '..' is refused before sending", async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'create-contact-group');
    const group = await sendCreate(page, form);

    // Unencoded, `/contact-groups/../contact-groups/<id>` is the group itself.
    form = await viaSidebar(page, label('delete-contact-group'), 'delete-contact-group');
    const value = `../contact-groups/${group}`;
    await param(form, 'group_id').fill(value);
    const segment = `/contact-groups/${encodeURIComponent(value)}`;
    await expect.poll(() => sample(form, 'cURL')).toContain(`'${PRODUCTION_SERVER}${segment}'`);
    expect((await send(page, form)).status).toBe(404);
    const sent = await sentLine(page);
    expect(sent.method).toBe('DELETE');
    expect(sent.url.endsWith(`/v1${segment}`), sent.url).toBe(true);

    // '..': the call is refused before it is made, and the last answer (the 404) is not kept as its own.
    await param(form, 'group_id').fill('..');
    await form.getByRole('button', { name: /^Send to / }).click();
    const failure = panelOf(page).getByRole('alert');
    await expect.poll(() => failure.textContent()).toContain('group_id cannot be ".."');
    expect(await panelOf(page).locator('[data-response-status]').count()).toBe(0);

    form = await viaSidebar(page, label('get-contact-group'), 'get-contact-group');
    await param(form, 'group_id').fill(group);
    expect((await send(page, form)).status).toBe(200);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('samples follow the inputs', () => {
  it('show the production URL with the path value, query and body entered, and never a token', async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'get-uptime-test');
    const sampleFrames = await recordSampleFrames(page);
    await param(form, 'test_id').fill('4242');
    await expect.poll(() => sample(form, 'cURL')).toContain(`'${PRODUCTION_SERVER}/uptime/4242'`);
    expect(await sample(form, 'Go')).toContain(`"${PRODUCTION_SERVER}/uptime/4242"`);
    expect(await sample(form, '@webmon/ts-client')).toContain(`baseUrl: '${PRODUCTION_SERVER}'`);
    expect(await sample(form, '@webmon/ts-client')).toContain("client.uptime.get('4242')");
    // The sandbox answered (its own token): the samples still show none but $WEBMON_API_TOKEN.
    expect((await send(page, form)).status).toBe(404);
    for (const language of SAMPLE_LANGUAGES) {
      const code = await sample(form, language);
      expect(code, language).toContain('WEBMON_API_TOKEN');
      expect(code, language).not.toMatch(/Bearer sandbox|'sandbox'/);
    }

    // Production: the same URL; the reader's own token is never shown.
    await chooseServer(form, 'Production');
    await tokenInput(form).fill('my-secret-token-123');
    for (const language of SAMPLE_LANGUAGES) {
      const code = await sample(form, language);
      expect(code, language).toContain(PRODUCTION_SERVER);
      expect(code, language).toContain('WEBMON_API_TOKEN');
      expect(code, language).not.toContain('my-secret-token-123');
    }
    await chooseServer(form, 'Sandbox');

    form = await viaSidebar(page, label('list-uptime-tests'), 'list-uptime-tests');
    await showAllParameters(form);
    await param(form, 'tags').fill('shop,eu');
    // The URL of the cURL sample, its query decoded.
    const curlUrl = async () => new URL(/curl '([^']+)'/.exec(await sample(form, 'cURL'))?.[1] ?? 'about:blank');
    await expect.poll(async () => (await curlUrl()).searchParams.get('tags')).toBe('shop,eu');
    expect((await curlUrl()).pathname).toBe(`${new URL(PRODUCTION_SERVER).pathname}/uptime`);
    expect(await sample(form, '@webmon/ts-client')).toContain("tags: ['shop', 'eu']");

    form = await viaSidebar(page, label('create-uptime-test'), 'create-uptime-test');
    await bodyField(form, 'name').fill('Typed name');
    await expect.poll(() => sample(form, 'cURL')).toContain("--data-urlencode 'name=Typed name'");
    expect(await sample(form, 'Go')).toContain('form.Add("name", "Typed name")');
    expect(await sample(form, '@webmon/ts-client')).toContain("name: 'Typed name'");

    // A tab change shows the new language's sample at once: never the previous one, nor an empty panel, under it.
    const frames = (await sampleFrames()).filter(({ tab }) => tab !== '');
    expect(new Set(frames.map(({ tab }) => tab))).toEqual(new Set(SAMPLE_LANGUAGES));
    for (const { tab, code } of frames)
      expect(code, tab).toMatch(new RegExp(`^${SAMPLE_START[tab as SampleLanguage]}`));
    expect(errors).toEqual([]);
    await close();
  });
});

describe('sandbox controls', () => {
  /** The scenario switch, as a reader sets it. */
  const scenario = async (form: Locator) => (await sandboxOptions(form)).getByLabel('Next answers', { exact: true });

  it('each scenario, asked for with the Prefer header: a 429 as the rate limit answers, a 500, a slow answer, then normal ones', async () => {
    const { page, errors, close } = await cleanTab(site);
    const form = await openOperation(page, 'list-uptime-tests');
    const reason = () => text(panelOf(page).locator('[data-response-status] strong'));

    await (await scenario(form)).selectOption({ label: '429 Too Many Requests (rate limit)' });
    expect((await send(page, form)).status).toBe(429);
    expect(await reason()).toBe('429 Too Many Requests');
    let headers = await answerHeaders(page);
    expect(headers['preference-applied']).toBe('code=429');
    expect(Number(headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    // A real 429 carries no Retry-After (API-FACTS); nor does the simulated one.
    expect(headers['retry-after']).toBeUndefined();

    await (await scenario(form)).selectOption({ label: '500 Server error' });
    expect((await send(page, form)).status).toBe(500);
    expect(await reason()).toBe('500 Internal Server Error');
    expect((await answerHeaders(page))['preference-applied']).toBe('code=500');

    await (await scenario(form)).selectOption({ label: 'Slow answer (3 s)' });
    expect((await send(page, form)).status).toBe(200);
    expect((await answerHeaders(page))['preference-applied']).toBe('delay=3000');

    await (await scenario(form)).selectOption({ label: 'Normal answers' });
    expect((await send(page, form)).status).toBe(200);
    headers = await answerHeaders(page);
    expect(headers['x-ratelimit-limit']).toMatch(/^\d/);
    expect(headers['preference-applied']).toBeUndefined();
    expect(errors).toEqual([]);
    await close();
  });

  it('are folded under "Sandbox options", so the first field comes right after the status line; what is not the default is named on the fold', async () => {
    const { page, errors, close } = await cleanTab(site);
    const form = await openOperation(page, 'create-uptime-test');
    const fold = form.locator('details.wm-tryit-sandbox-options');
    const summary = fold.locator('> summary');
    await expect(fold.getAttribute('open')).resolves.toBeNull();
    await expect(text(summary)).resolves.toBe('Sandbox options');
    await expect(fold.getByRole('button', { name: 'Reset sandbox' }).isVisible()).resolves.toBe(false);
    // Folded, the panel from its top to the first field is a few lines, not the options' screenful.
    const top = (await form.boundingBox())?.y ?? 0;
    const firstField = (await bodyField(form, 'name').boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(firstField - top).toBeLessThan(320);

    await (await scenario(form)).selectOption({ label: '429 Too Many Requests (rate limit)' });
    await (await sandboxOptions(form)).getByText(/^Strict wire/).click();
    await summary.click();
    await expect(fold.getAttribute('open')).resolves.toBeNull();
    await expect(text(summary)).resolves.toBe('Sandbox options: 429 Too Many Requests (rate limit), strict wire');
    // Back to the defaults, for the next test's tab.
    await (await scenario(form)).selectOption({ label: 'Normal answers' });
    await (await sandboxOptions(form)).getByText(/^Strict wire/).click();
    await expect(text(summary)).resolves.toBe('Sandbox options');
    expect(errors).toEqual([]);
    await close();
  });
});

describe("when the sandbox's code does not download", () => {
  it('the panel says so, and the next Send starts it', async () => {
    const { page, errors, close } = await cleanTab(site);
    const form = await openOperation(page, 'get-uptime-test');
    // The try-it is drawn: every script asked for from now on is the sandbox's (the mock).
    const refused: string[] = [];
    const refuse = (route: Route) => {
      refused.push(route.request().url());
      return route.abort();
    };
    await page.route('**/assets/js/*.js', refuse);
    await form.getByRole('button', { name: /^Send to / }).click();
    await page.waitForSelector('html[data-try-it-sandbox="not-loaded"]');
    expect(refused.length).toBeGreaterThan(0);
    await expect
      .poll(() => panelOf(page).getByRole('alert').textContent())
      .toMatch(/could not be loaded[\s\S]*Send tries again/);
    expect(await panelOf(page).locator('[data-response-status]').count()).toBe(0);
    expect(await text(form.locator('.wm-tryit-sandbox'))).toContain('Could not be loaded');
    // The network back: Send tries again.
    await page.unroute('**/assets/js/*.js', refuse);
    const answer = await send(page, form);
    expect(answer.status, answer.body).toBe(200);
    expect(await page.getAttribute('html', 'data-try-it-sandbox')).toBe('ready');
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the reader's production token", () => {
  it('goes to production only: the sandbox keeps its own account, and no other request carries it', async () => {
    const { page, errors, close } = await cleanTab(site);
    const token = 'reader-token-7f3a';
    const withToken: PwRequest[] = [];
    page.on('request', (request) => {
      if ((request.headers().authorization ?? '').includes(token)) withToken.push(request);
    });
    // Production, answered here: nothing reaches the real API.
    const production = new URL(PRODUCTION_SERVER);
    const toProduction: { method: string; url: string; authorization?: string }[] = [];
    await page.route(`${production.origin}/**`, (route) => {
      const request = route.request();
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      };
      if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      toProduction.push({
        method: request.method(),
        url: request.url(),
        authorization: request.headers().authorization,
      });
      return route.fulfill({
        status: 200,
        headers: { ...cors, 'content-type': 'application/json' },
        body: '{"data":[]}',
      });
    });

    // A record in the sandbox's account.
    let form = await openOperation(page, 'create-contact-group');
    const group = await sendCreate(page, form);

    form = await viaSidebar(page, label('list-contact-groups'), 'list-contact-groups');
    await chooseServer(form, 'Production');
    await tokenInput(form).fill(token);
    const answer = await send(page, form);
    expect(answer.status, answer.body).toBe(200);
    expect(toProduction).toEqual([
      { method: 'GET', url: `${PRODUCTION_SERVER}/contact-groups`, authorization: `Bearer ${token}` },
    ]);
    expect((await sentLine(page)).url).toBe(`${PRODUCTION_SERVER}/contact-groups`);

    // Back to the sandbox, the token still typed: its answers come from its own account, the record there.
    await chooseServer(form, 'Sandbox');
    form = await viaSidebar(page, label('get-contact-group'), 'get-contact-group');
    await param(form, 'group_id').fill(group);
    const got = await send(page, form);
    expect(got.status, got.body).toBe(200);
    expect((await sentLine(page)).url).not.toContain(production.host);
    expect(toProduction).toHaveLength(1);
    expect(withToken.map((request) => request.url())).toEqual([`${PRODUCTION_SERVER}/contact-groups`]);
    expect(errors).toEqual([]);
    await close();
  });
});
