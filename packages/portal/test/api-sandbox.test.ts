/**
 * The try-it's sandbox on the production build (issue 13): the default server
 * is the mock running in the page, its token filled in, so every operation's
 * pre-filled example answers 2xx with nothing typed; a round trip through the
 * form alone; samples that follow the inputs and never show a token; the
 * scenario switches; Reset sandbox; and, with service workers blocked, a
 * notice and no request on the network.
 */
import type { Locator, Page, Request as PwRequest } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cleanTab, newPage, useSite } from './helpers';
import {
  MOCK_SERVER,
  bodyField,
  field,
  json,
  newId,
  openOperation,
  operations,
  param,
  requestForm,
  send,
  setList,
  showAllParameters,
  viaSidebar,
} from './api-helpers';

const site = useSite();

/** Every request the page makes that carries an Authorization header. */
function tokenRequests(page: Page): PwRequest[] {
  const seen: PwRequest[] = [];
  page.on('request', (request) => {
    if (request.headers().authorization) seen.push(request);
  });
  return seen;
}

/**
 * The sample shown for a language tab (cURL, Go, JavaScript). Read once the
 * tab is selected: the tab strip and its one panel change in the same render,
 * which on a busy machine can come after the click returns (the cURL sample
 * was once read as Go's).
 */
async function sample(page: Page, language: 'cURL' | 'Go' | 'JavaScript'): Promise<string> {
  const tab = page.locator('.openapi-tabs__code-container').getByRole('tab', { name: language, exact: true }).first();
  await tab.click();
  await page
    .locator('.openapi-tabs__code-container [role="tab"][aria-selected="true"]', { hasText: language })
    .first()
    .waitFor();
  return (await page.locator('.openapi-tabs__code-container pre').first().textContent()) ?? '';
}

const SAMPLE_LANGUAGES = ['cURL', 'Go', 'JavaScript'] as const;

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
      const container = document.querySelector('.openapi-tabs__code-container');
      const tab = container?.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? '';
      const code = container?.querySelector('pre')?.textContent?.trimStart().slice(0, 12) ?? '';
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

/** How each language's sample begins. */
const SAMPLE_START: Record<(typeof SAMPLE_LANGUAGES)[number], string> = {
  cURL: 'curl ',
  Go: 'package main',
  JavaScript: 'import ',
};

describe('the sandbox is the default server', () => {
  // On every operation page, Send with nothing typed answers 2xx from the
  // sandbox, its token going nowhere else: checked in api-reference.test.ts's
  // walk, which loads each page once for both colour modes and the Send.

  it('create, list, get, update, delete, then 404, using only the form', async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'create-uptime-test');
    await bodyField(form, 'name').fill('Round trip shop');
    await setList(form, 'tags', ['roundtrip', 'eu']);
    const created = await send(page, form);
    expect(created.status, created.body).toBe(201);
    const id = newId(created.body);

    form = await viaSidebar(page, 'List uptime checks', 'list-uptime-tests');
    await showAllParameters(form);
    await param(form, 'status').selectOption({ index: 0 });
    await param(form, 'tags').fill('roundtrip');
    const listed = await send(page, form);
    expect(listed.status, listed.body).toBe(200);
    expect((json(listed.body) as { data: { id: string }[] }).data.map((c) => c.id)).toEqual([id]);

    form = await viaSidebar(page, 'Get an uptime check', 'get-uptime-test');
    await param(form, 'test_id').fill(id);
    const got = await send(page, form);
    expect(got.status, got.body).toBe(200);
    expect(json(got.body)).toMatchObject({ data: { id, name: 'Round trip shop', tags: ['roundtrip', 'eu'] } });

    form = await viaSidebar(page, 'Update an uptime check', 'update-uptime-test');
    await param(form, 'test_id').fill(id);
    expect((await send(page, form)).status).toBe(204);

    form = await viaSidebar(page, 'Get an uptime check', 'get-uptime-test');
    await param(form, 'test_id').fill(id);
    const updated = await send(page, form);
    // The update example's values: timeout 30, tags production, web, eu.
    expect(json(updated.body)).toMatchObject({ data: { id, timeout: 30, tags: ['production', 'web', 'eu'] } });

    form = await viaSidebar(page, 'Delete an uptime check', 'delete-uptime-test');
    await param(form, 'test_id').fill(id);
    expect((await send(page, form)).status).toBe(204);

    form = await viaSidebar(page, 'Get an uptime check', 'get-uptime-test');
    await param(form, 'test_id').fill(id);
    const gone = await send(page, form);
    expect(gone.status).toBe(404);
    expect(json(gone.body)).toMatchObject({ message: expect.any(String), errors: {} });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the sandbox starts on first use', () => {
  it('without moving Send: a click that starts the sandbox lands where it was aimed', async () => {
    // The first click on Send starts the sandbox; its status line changed
    // length (one line, then two) between the press and the release, Send
    // moved, and the click was lost (seen in the 36-page test).
    const { page, close } = await cleanTab(site);
    const form = await openOperation(page, 'get-ssl-test');
    const sendTop = () =>
      form
        .getByRole('button', { name: 'Send API Request' })
        .evaluate(
          (button: HTMLButtonElement) =>
            button.getBoundingClientRect().top - (button.form?.getBoundingClientRect().top ?? Number.NaN),
        );
    const before = await sendTop();
    expect(await page.getAttribute('html', 'data-api-mock')).toBeNull();
    await param(form, 'test_id').focus();
    await page.waitForSelector('html[data-api-mock="ready"]');
    expect(await sendTop()).toBe(before);
    await close();
  });
});

describe('the sandbox across page loads', () => {
  it('says a reload starts afresh, and a reload does: the next new id is the first one again', async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'create-contact-group');
    const created = await send(page, form);
    expect(created.status, created.body).toBe(201);
    const group = newId(created.body);
    const status = form.locator('[data-sandbox="ready"] [data-current]');
    expect(await status.textContent()).toMatch(/until you reload/);
    // Said before the sandbox starts too, beside its choice.
    expect(await form.getByText(/^No account needed: .*kept until you reload\.$/).count()).toBe(1);
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    form = await requestForm(page);
    const answer = await send(page, form);
    expect(answer.status, answer.body).toBe(201);
    expect(newId(answer.body), 'a fresh account numbers afresh').toBe(group);
    expect(errors).toEqual([]);
    await close();
  });

  it('starts without an error when its worker unregisters itself while the page starts it', async () => {
    // msw's worker unregisters itself when its last page closes. A page loaded
    // just then (the next operation page) can find the registration and ask it
    // to update after it is gone: Chromium rejects that update ("Not found"),
    // which msw left unhandled (mswjs/msw#2006; patches/msw@2.13.3.patch).
    // The race, made certain: a second tab keeps the registration alive over
    // the navigation, and the lookup unregisters what it finds, as the
    // worker's own unregister would between lookup and update.
    const { context, page, errors, close } = await cleanTab(site);
    const other = await context.newPage();
    for (const tab of [page, other]) {
      // A tab behind another of its context paints a frame or two a second in
      // headless Chromium, and a click waits for two frames of a still target.
      await tab.bringToFront();
      const form = await openOperation(tab, 'list-contact-groups');
      expect((await send(tab, form)).status).toBe(200);
    }
    await page.addInitScript(() => {
      const lookup = ServiceWorkerContainer.prototype.getRegistrations;
      ServiceWorkerContainer.prototype.getRegistrations = async function (this: ServiceWorkerContainer) {
        const registrations = await lookup.call(this);
        await Promise.all(registrations.map((registration) => registration.unregister()));
        return registrations;
      };
    });
    await page.bringToFront();
    const form = await openOperation(page, 'get-uptime-test');
    const answer = await send(page, form);
    expect(answer.status, answer.body).toBe(200);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a path value is one segment', () => {
  const label = (operationId: string) => operations.find((op) => op.operationId === operationId)!.summary;

  it("an id with slashes stays in its segment and reaches no other route; '..' is refused before sending", async () => {
    const { page, errors, close } = await cleanTab(site);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${MOCK_SERVER}/`)) sent.push(`${request.method()} ${request.url()}`);
    });
    let form = await openOperation(page, 'create-contact-group');
    const created = await send(page, form);
    expect(created.status, created.body).toBe(201);
    const group = newId(created.body);

    // Unencoded, `/contact-groups/../contact-groups/<id>` is the group itself.
    form = await viaSidebar(page, label('delete-contact-group'), 'delete-contact-group');
    await param(form, 'group_id').fill(`../contact-groups/${group}`);
    const encoded = `${MOCK_SERVER}/contact-groups/..%2Fcontact-groups%2F${group}`;
    await expect.poll(() => sample(page, 'cURL')).toContain(`'${encoded}'`);
    expect((await send(page, form)).status).toBe(404);
    expect(sent.at(-1)).toBe(`DELETE ${encoded}`);

    const before = sent.length;
    await param(form, 'group_id').fill('..');
    await form.getByRole('button', { name: 'Send API Request' }).click();
    await expect
      .poll(() => field(form, 'group_id').locator('.openapi-explorer__input-error').allTextContents())
      .toEqual([expect.stringContaining('group_id cannot be ".."')]);
    expect(sent.length).toBe(before);
    // Nor does the panel keep the last Send's 404: it would read as this Send's answer.
    await expect
      .poll(() => page.locator('.openapi-explorer__response-container [data-response-status]').count())
      .toBe(0);

    form = await viaSidebar(page, label('get-contact-group'), 'get-contact-group');
    await param(form, 'group_id').fill(group);
    expect((await send(page, form)).status).toBe(200);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('samples follow the inputs', () => {
  it('show the server, path value, query and body entered, and never the token', async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'get-uptime-test');
    const sampleFrames = await recordSampleFrames(page);
    await param(form, 'test_id').fill('4242');
    await expect.poll(() => sample(page, 'cURL')).toContain(`'${MOCK_SERVER}/uptime/4242'`);
    expect(await sample(page, 'Go')).toContain(`"${MOCK_SERVER}/uptime/4242"`);
    expect(await sample(page, 'JavaScript')).toContain(`baseUrl: '${MOCK_SERVER}'`);
    expect(await sample(page, 'JavaScript')).toContain("client.uptime.get('4242')");
    for (const language of SAMPLE_LANGUAGES) expect(await sample(page, language)).not.toContain('sandbox-token');

    // Production: its URL, the reader's own token sent but never shown.
    await form.getByRole('radio', { name: /Production/ }).check();
    await form.getByLabel('Bearer Token', { exact: true }).fill('my-secret-token-123');
    await expect.poll(() => sample(page, 'cURL')).toContain("'https://api.webmon.dev/v1/uptime/4242'");
    expect(await sample(page, 'JavaScript')).toContain("baseUrl: 'https://api.webmon.dev/v1'");
    for (const language of SAMPLE_LANGUAGES) {
      const text = await sample(page, language);
      expect(text, language).toContain('WEBMON_API_TOKEN');
      expect(text, language).not.toContain('my-secret-token-123');
    }
    await form.getByRole('radio', { name: /Sandbox/ }).check();

    form = await viaSidebar(page, 'List uptime checks', 'list-uptime-tests');
    await showAllParameters(form);
    await param(form, 'tags').fill('shop,eu');
    await expect.poll(() => sample(page, 'cURL')).toContain('tags=shop,eu');
    expect(await sample(page, 'JavaScript')).toContain("tags: ['shop', 'eu']");

    form = await viaSidebar(page, 'Create an uptime check', 'create-uptime-test');
    await bodyField(form, 'name').fill('Typed name');
    await expect.poll(() => sample(page, 'cURL')).toContain("--data-urlencode 'name=Typed name'");
    expect(await sample(page, 'Go')).toContain('form.Add("name", "Typed name")');
    expect(await sample(page, 'JavaScript')).toContain("name: 'Typed name'");

    // A tab change shows the new language's sample at once: never the previous
    // one, nor an empty panel, under the new tab (the theme's did, for a frame).
    const frames = (await sampleFrames()).filter(({ tab }) => tab !== '');
    expect(new Set(frames.map(({ tab }) => tab))).toEqual(new Set(SAMPLE_LANGUAGES));
    for (const { tab, code } of frames)
      expect(code, tab).toMatch(new RegExp(`^${SAMPLE_START[tab as keyof typeof SAMPLE_START]}`));
    // Each tab click went without a page error (the theme's handler threw at every one).
    expect(errors).toEqual([]);
    await close();
  });
});

describe('sandbox controls', () => {
  /** The scenario switch, as a reader sets it. */
  const scenario = (form: Locator) => form.getByLabel('Next answers', { exact: true });

  it('each scenario switch: a 429 as the rate limit answers, a 500, a slow answer; the samples carry the Prefer header', async () => {
    const { page, close } = await cleanTab(site);
    const answers: { prefer?: string; status: number; headers: Record<string, string> }[] = [];
    page.on('response', async (response) => {
      if (!response.url().startsWith(`${MOCK_SERVER}/`)) return;
      const headers = await response.allHeaders();
      answers.push({ prefer: response.request().headers().prefer, status: response.status(), headers });
    });
    const form = await openOperation(page, 'list-uptime-tests');

    await scenario(form).selectOption({ label: '429 Too Many Requests (rate limit)' });
    await expect.poll(() => sample(page, 'cURL')).toContain("-H 'Prefer: code=429'");
    expect((await send(page, form)).status).toBe(429);
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]).toMatchObject({ prefer: 'code=429', status: 429 });
    expect(Number(answers[0]!.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    // A real 429 carries no Retry-After (API-FACTS); nor does the simulated one.
    expect(answers[0]!.headers['retry-after']).toBeUndefined();

    await scenario(form).selectOption({ label: '500 Server error' });
    expect((await send(page, form)).status).toBe(500);
    await expect.poll(() => answers.length).toBe(2);
    expect(answers[1]).toMatchObject({ prefer: 'code=500', status: 500 });

    await scenario(form).selectOption({ label: 'Slow answer (3 s)' });
    expect((await send(page, form)).status).toBe(200);
    await expect.poll(() => answers.length).toBe(3);
    expect(answers[2]).toMatchObject({ prefer: 'delay=3000', status: 200 });
    expect(answers[2]!.headers['preference-applied']).toBe('delay=3000');

    await scenario(form).selectOption({ label: 'Normal answers' });
    expect((await send(page, form)).status).toBe(200);
    await expect.poll(() => answers.length).toBe(4);
    expect(answers[3]!.prefer).toBeUndefined();
    expect(await sample(page, 'cURL')).not.toContain('Prefer');
    await close();
  });

  it('Reset sandbox gives a fresh seeded account', async () => {
    const { page, close } = await cleanTab(site);
    let form = await openOperation(page, 'delete-uptime-test');
    expect((await send(page, form)).status).toBe(204); // the example's check, 1234567
    form = await viaSidebar(page, 'Get an uptime check', 'get-uptime-test');
    expect((await send(page, form)).status).toBe(404);
    await form.getByRole('button', { name: 'Reset sandbox' }).click();
    await expect
      .poll(() => form.getByRole('status').allTextContents())
      .toContain('Sandbox reset: a fresh account with the examples’ records.');
    const again = await send(page, form);
    expect(again.status, again.body).toBe(200);
    expect(json(again.body)).toMatchObject({ data: { id: '1234567' } });
    await close();
  });
});

describe("when the sandbox's code does not download", () => {
  it('the panel says so, nothing is sent, and the next use of the form starts it', async () => {
    const { page, close } = await cleanTab(site);
    const form = await openOperation(page, 'get-uptime-test');
    // The page is whole: every script asked for from now on is the sandbox's (the mock, msw).
    const refuse = (route: { abort: () => Promise<void> }) => route.abort();
    await page.route('**/assets/js/*.js', refuse);
    const withToken = tokenRequests(page);
    const sendButton = form.getByRole('button', { name: 'Send API Request' });
    await sendButton.click();
    await page.waitForSelector('html[data-api-mock="not-loaded"]');
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('could not be loaded');
    await expect.poll(() => sendButton.isDisabled()).toBe(true);
    expect(withToken.map((r) => r.url())).toEqual([]);
    // The network back: a click in the form tries again.
    await page.unroute('**/assets/js/*.js', refuse);
    await param(form, 'test_id').click();
    await page.waitForSelector('html[data-api-mock="ready"]');
    const answer = await send(page, form);
    expect(answer.status, answer.body).toBe(200);
    await close();
  });
});

describe('when the service worker cannot run', () => {
  it('the panel says so, Send is off, and no request carrying the token reaches the network', async () => {
    // Playwright's block: registering a service worker resolves to nothing, as when a policy refuses it.
    const { context, page } = await newPage(site, { serviceWorkers: 'block' });
    const withToken = tokenRequests(page);
    await page.goto('/api/get-uptime-test');
    const form = await requestForm(page);
    const sendButton = form.getByRole('button', { name: 'Send API Request' });
    // The first Send starts the sandbox, waits for it, and is dropped when it cannot run.
    await sendButton.click();
    await page.waitForSelector('html[data-api-mock="failed"]');
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('The sandbox cannot run here');
    await expect.poll(() => sendButton.isDisabled()).toBe(true);
    // Enter in a field submits a form even with its button off: still nothing is sent.
    await param(form, 'test_id').press('Enter');
    await sendButton.click({ force: true }).catch(() => undefined);
    // The theme shows "Fetching..." as soon as its submit handler runs (the request follows
    // 1.2 s later): after a frame with none, no request can come.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(await page.locator('.openapi-explorer__response-container').textContent()).not.toContain('Fetching');
    expect(withToken.map((r) => r.url())).toEqual([]);
    await context.close();
  });
});
