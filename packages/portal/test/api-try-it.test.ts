/**
 * The try-it against the sandbox, on the production build: the mock's
 * pipeline running in the page (@webmon/try-it, loaded on the first Send),
 * so no request for it reaches the network.
 */
import { describe, expect, it } from 'vitest';
import { cleanTab, useSite } from './helpers';
import {
  MOCK_SERVER,
  bodyField,
  field,
  chooseMockServer,
  chooseServer,
  json,
  openOperation,
  param,
  requestForm,
  send,
  setList,
  showAllParameters,
  tokenInput,
  viaSidebar,
  sendCreate,
} from './api-helpers';

const site = useSite();

describe('try-it on the in-browser mock', () => {
  it('creates an uptime check with a tags[] array, lists it with both tags, deletes it, then gets 404', async () => {
    const { page, errors, close } = await cleanTab(site);
    // Nothing goes to a host of the API: the sandbox's, production's, the mock server's.
    const hosts = ['sandbox.invalid', 'api.webmon.dev', new URL(MOCK_SERVER).host];
    const toApi: string[] = [];
    const withToken: string[] = [];
    page.on('request', (request) => {
      if (hosts.includes(new URL(request.url()).host)) toApi.push(request.url());
      if (request.headers().authorization) withToken.push(request.url());
    });

    let form = await openOperation(page, 'create-uptime-test');
    await chooseMockServer(form);
    await showAllParameters(form);
    await bodyField(form, 'name').fill('Try-it shop');
    await bodyField(form, 'website_url').fill('https://shop.example.com');
    // An empty list (contact_groups[]=): an item added, then removed.
    await setList(form, 'contact_groups', ['']);
    await setList(form, 'contact_groups', []);
    expect(await field(form, 'contact_groups').textContent()).toContain('sent as an empty list');
    await setList(form, 'tags', ['shop', 'eu']);
    const id = await sendCreate(page, form);
    expect(id).toMatch(/^\d+$/);
    // The call as sent, in its cURL sample: bracket arrays, the empty list kept.
    const curl = (await page.locator('.wm-tryit-samples [data-sample="cURL"]').textContent()) ?? '';
    expect(curl).toMatch(/tags\[\]=shop\b/);
    expect(curl).toMatch(/tags\[\]=eu\b/);
    expect(curl).toMatch(/contact_groups\[\]=(?![\w%])/);
    expect(curl).not.toMatch(/[^\w]tags=/);

    form = await viaSidebar(page, 'List uptime checks', 'list-uptime-tests');
    await showAllParameters(form);
    await param(form, 'status').selectOption('');
    await param(form, 'tags').fill('shop,eu');
    await param(form, 'matchany').selectOption('');
    const listed = await send(page, form);
    expect(listed.status, listed.body).toBe(200);
    const list = json(listed.body) as { data: { id: string; name: string; tags: string[] }[] };
    expect(list.data.map((c) => c.id)).toEqual([id]);
    expect(list.data[0].tags).toEqual(['shop', 'eu']);

    form = await viaSidebar(page, 'Delete an uptime check', 'delete-uptime-test');
    await param(form, 'test_id').fill(id);
    expect((await send(page, form)).status).toBe(204);

    form = await viaSidebar(page, 'Get an uptime check', 'get-uptime-test');
    await param(form, 'test_id').fill(id);
    const gone = await send(page, form);
    expect(gone.status).toBe(404);
    expect(json(gone.body)).toMatchObject({ message: expect.any(String), errors: {} });

    // The sandbox answered in the page: nothing reached the network, nor carried a token.
    expect(toApi).toEqual([]);
    expect(withToken).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('a validation error shows the per-field messages', async () => {
    const { page, close } = await cleanTab(site);
    const form = await openOperation(page, 'create-uptime-test');
    await chooseMockServer(form);
    await showAllParameters(form);
    await bodyField(form, 'name').fill('Bad check');
    await bodyField(form, 'website_url').fill('');
    await bodyField(form, 'timeout').fill('500');
    const answer = await send(page, form);
    expect(answer.status).toBe(400);
    const error = json(answer.body) as { message: string; errors: Record<string, string[]> };
    expect(error.message).toBe('The provided parameters are invalid.');
    expect(error.errors.timeout).toEqual(['timeout must be between 5 and 75']);
    expect(error.errors.website_url).toEqual(['website_url is required']);
    await close();
  });

  it('production: Send is off and says why until a token is typed; the token survives navigation and reloads in the session, not a new session', async () => {
    const { context, page, close } = await cleanTab(site);
    let form = await openOperation(page, 'list-uptime-tests');
    await chooseServer(form, 'Production');
    // Without a token, Send is off and says why, beside the button.
    const sendButton = form.getByRole('button', { name: 'Send to production' });
    await expect.poll(() => sendButton.isDisabled()).toBe(true);
    const why = form.locator('.wm-tryit-send .wm-tryit-note');
    expect(await why.textContent()).toMatch(/API token/);
    await tokenInput(form).fill('session-token-123');
    await expect.poll(() => sendButton.isDisabled()).toBe(false);
    expect(await why.textContent()).not.toMatch(/API token/);
    form = await viaSidebar(page, 'Get an uptime check', 'get-uptime-test');
    await expect.poll(() => tokenInput(form).inputValue()).toBe('session-token-123');
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect.poll(async () => tokenInput(await requestForm(page)).inputValue()).toBe('session-token-123');
    // Kept in sessionStorage, never in localStorage.
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('session-token-123');
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain('session-token-123');

    // A new session: a new tab of the same browser (its own sessionStorage,
    // the same localStorage), opened beside the first, which shares its process.
    const fresh = await context.newPage();
    const freshForm = await openOperation(fresh, 'get-uptime-test');
    await chooseServer(freshForm, 'Production');
    await expect.poll(() => tokenInput(freshForm).isVisible()).toBe(true);
    expect(await tokenInput(freshForm).inputValue()).toBe('');
    await close();
  });
});
