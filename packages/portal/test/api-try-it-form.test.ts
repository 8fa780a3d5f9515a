/**
 * The try-it's form and response panel as the spec describes them, on the
 * production build in Chromium, against the in-browser mock: every control,
 * bound, required mark and description is checked against the bundle itself
 * (read with @webmon/openapi-core), and the panel against the answer on the
 * wire.
 */
import { listOperations, locate, mergeAllOf, resolveRef, type JsonObject } from '@webmon/openapi-core';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cleanTab, newTab, useSite } from './helpers';
import {
  MOCK_SERVER,
  bodyField,
  bundle,
  chooseMockServer,
  field,
  json,
  newId,
  openOperation,
  param,
  send,
  setList,
  showAllParameters,
  tokenInput,
  viaSidebar,
} from './api-helpers';

const site = useSite();

interface Schema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  description?: string;
  default?: unknown;
  example?: unknown;
  items?: Schema;
  required?: string[];
  properties?: Record<string, Schema>;
}

const FORM = 'application/x-www-form-urlencoded';

/** The body schema of an operation as a reader sees it: `allOf` merged, `required` united. */
function bodySchema(path: string, method: string): Schema {
  const operation = resolveRef<JsonObject>(bundle, (bundle.paths[path] as Record<string, unknown>)[method]);
  const body = resolveRef<{ content: Record<string, { schema: unknown }> }>(bundle, operation.requestBody);
  return mergeAllOf(bundle, body.content[FORM]?.schema) as Schema;
}

/**
 * The values the form starts with: the media type's example of the whole
 * request when there is one (src/theme/SchemaTabs opens its tab), else each
 * property's own example.
 */
function startValues(path: string, method: string, schema: Schema): Record<string, unknown> {
  const operation = resolveRef<JsonObject>(bundle, (bundle.paths[path] as Record<string, unknown>)[method]);
  const body = resolveRef<{ content: Record<string, { example?: Record<string, unknown> }> }>(
    bundle,
    operation.requestBody,
  );
  const whole = body.content[FORM]?.example;
  if (whole) return whole;
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, property.example]),
  );
}

/** A parameter's schema, by name, from the bundle's components. */
function parameterSchema(name: string): Schema {
  const { value } = locate<{ schema: unknown }>(bundle, { $ref: `#/components/parameters/${name}` }, '');
  return resolveRef<Schema>(bundle, value.schema);
}

/** Markdown as it reads once rendered: inline code without its backticks. */
const rendered = (markdown: string) => markdown.replace(/`/g, '').replace(/\s+/g, ' ').trim();

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function optionsOf(select: Locator): Promise<string[]> {
  return select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

describe('the try-it form follows the spec', () => {
  it('create uptime check: enums and booleans are selects, numbers carry their bounds, required marked, lists editable, descriptions rendered', async () => {
    const { page, errors, close } = await cleanTab(site);
    const form = await openOperation(page, 'create-uptime-test');
    const schema = bodySchema('/uptime', 'post');
    const start = startValues('/uptime', 'post', schema);
    const properties = Object.entries(schema.properties ?? {});
    expect(properties.length).toBeGreaterThan(20);
    const required = new Set(schema.required);
    expect(required.size).toBeGreaterThan(0);
    let bounded = 0;
    for (const [name, property] of properties) {
      const shown = field(form, name);
      await expect.poll(() => shown.count(), { message: name }).toBe(1);
      const label = await text(shown.locator('[data-field-title]').first());
      expect(/required/i.test(label), `${name}: marked required`).toBe(required.has(name));
      if (property.description) {
        const description = await text(shown.locator('[id$="-description"]'));
        expect(description, name).toBe(rendered(property.description));
      }
      expect(await text(shown), `${name}: no raw Markdown`).not.toContain('`');
      if (property.enum) {
        expect(await optionsOf(shown.locator('select')), name).toEqual(['---', ...property.enum.map(String)]);
      } else if (property.type === 'boolean') {
        expect(await optionsOf(shown.locator('select')), name).toEqual(['---', 'true', 'false']);
      } else if (property.type === 'integer' || property.type === 'number') {
        const input = bodyField(form, name);
        expect(await input.getAttribute('type'), name).toBe('number');
        const notes = await text(shown.locator('[id$="-constraints"]'));
        for (const [attribute, bound, sign] of [
          ['min', property.minimum, '>='],
          ['max', property.maximum, '<='],
        ] as const) {
          if (bound === undefined) continue;
          bounded++;
          expect(await input.getAttribute(attribute), `${name} ${attribute}`).toBe(String(bound));
          expect(notes, `${name}: ${sign} ${bound} shown`).toContain(`${sign} ${bound}`);
        }
        if (property.default !== undefined) expect(notes).toContain(`Default value: ${property.default}`);
      } else if (property.type === 'array') {
        // A list: one control per item, Add item and Remove.
        const items = shown.locator(`[name="${name}[]"]`);
        const before = await items.count();
        const example = start[name];
        expect(before, name).toBe(Array.isArray(example) ? example.length : 0);
        await shown.getByRole('button', { name: /^Add item/ }).click();
        expect(await items.count()).toBe(before + 1);
        await shown.getByRole('button', { name: `Remove ${name} item ${before + 1}` }).click();
        expect(await items.count()).toBe(before);
      } else {
        expect(await bodyField(form, name).getAttribute('type'), name).toBe('text');
      }
    }
    // The spec bounds some numbers of this body (timeout, confirmation, port...).
    expect(bounded).toBeGreaterThan(2);
    expect(errors).toEqual([]);
    await close();
  });

  it('list uptime checks: number parameters carry their bounds, enums and flags are selects, descriptions rendered', async () => {
    const { page, close } = await cleanTab(site);
    const form = await openOperation(page, 'list-uptime-tests');
    await showAllParameters(form);
    for (const name of ['page', 'limit']) {
      const schema = parameterSchema(name);
      const input = param(form, name);
      expect(await input.getAttribute('type')).toBe('number');
      expect(await input.getAttribute('min')).toBe(String(schema.minimum));
      expect(await input.getAttribute('max')).toBe(String(schema.maximum));
      expect(await text(field(form, name))).toContain(`<= ${schema.maximum}`);
    }
    const status = parameterSchema('status');
    expect(await optionsOf(param(form, 'status'))).toEqual(['---', ...(status.enum ?? []).map(String)]);
    expect(await optionsOf(param(form, 'matchany'))).toEqual(['---', 'true', 'false']);
    const matchany = parameterSchema('matchany');
    const description = locate<{ description: string }>(bundle, { $ref: '#/components/parameters/matchany' }, '').value
      .description;
    expect(await text(field(form, 'matchany'))).toContain(rendered(description));
    expect(await text(field(form, 'matchany'))).toContain(`Default value: ${matchany.default}`);
    expect(await text(field(form, 'matchany'))).not.toContain('`');
    await close();
  });
});

/**
 * The sandbox (the in-browser mock) as the server; its token typed where the
 * form asks for one (a form that fills the sandbox's token itself does not).
 */
async function useSandbox(form: Locator, token: string): Promise<void> {
  await chooseMockServer(form);
  if (await tokenInput(form).isVisible()) await tokenInput(form).fill(token);
}

/** The mock's answers to the try-it, as they went over the wire (served by the page's service worker). */
function answersFromMock(page: Page): Response[] {
  const answers: Response[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${MOCK_SERVER}/`)) answers.push(response);
  });
  return answers;
}

describe("the try-it's first Send", () => {
  it('on a list, with nothing typed, carries no filter and no default, and sends the URL its cURL sample shows', async () => {
    const { page, errors, close } = await cleanTab(site);
    const answers = answersFromMock(page);
    const form = await openOperation(page, 'list-uptime-tests');
    expect((await send(page, form)).status).toBe(200);
    const query = new URL(answers.at(-1)!.url()).searchParams;
    const { parameters } = listOperations(bundle).find((op) => op.operationId === 'list-uptime-tests')!;
    const optional = parameters.filter((p) => p.in === 'query' && !p.required);
    expect(optional.filter((p) => p.parameter.example !== undefined || p.schema.example !== undefined)).not.toEqual([]);
    // Absent: a value that is its default (page 1, limit 25) changes nothing and is left out.
    for (const { name } of optional) expect(query.get(name), name).toBeNull();
    // The cURL sample beside the form shows the URL that was sent.
    const sent = answers.at(-1)!.url();
    expect(await page.locator('.openapi-explorer__code-block code').first().textContent()).toContain(`'${sent}'`);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the try-it answers at the field and says what happened', () => {
  it("a 400 shows timeout's message at the timeout field, highlighted and focused; the raw JSON stays", async () => {
    const { page, errors, close } = await cleanTab(site);
    const form = await openOperation(page, 'create-uptime-test');
    await useSandbox(form, 'try-it-field-errors');
    await bodyField(form, 'name').fill('Field errors');
    await bodyField(form, 'website_url').fill('https://fields.example.com');
    await setList(form, 'contact_groups', []);
    await bodyField(form, 'timeout').fill('500');
    const answer = await send(page, form);
    expect(answer.status).toBe(400);
    // The raw answer is still there, and only timeout is at fault.
    const body = json(answer.body) as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(['timeout']);
    const { minimum, maximum } = bodySchema('/uptime', 'post').properties?.timeout ?? {};
    expect(body.errors.timeout?.join(' ')).toContain(`${minimum} and ${maximum}`);

    // At the field: its messages, highlighted, focused.
    const timeout = field(form, 'timeout');
    expect(await timeout.locator('.openapi-explorer__input-error').allTextContents()).toEqual(body.errors.timeout);
    expect(await bodyField(form, 'timeout').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '')).toBe('timeout');
    // Other fields are not marked.
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(1);
    // The panel names the field, and its button leads back to it.
    const panel = page.locator('.openapi-explorer__response-container');
    expect(await text(panel)).toContain(body.message);
    await bodyField(form, 'name').focus();
    await panel.getByRole('button', { name: 'timeout', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '')).toBe('timeout');

    // Fixed and sent again: the field is clear.
    await bodyField(form, 'timeout').fill(String(maximum));
    const created = await send(page, form);
    expect(created.status, created.body).toBe(201);
    expect(await timeout.locator('.openapi-explorer__input-error').count()).toBe(0);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('the panel shows status and reason, duration and size; long lines wrap; headers one click away; a 204 reads No content', async () => {
    const { page, errors, close } = await cleanTab(site);
    const answers = answersFromMock(page);
    const panel = page.locator('.openapi-explorer__response-container');
    const summaryOf = async () => ({
      status: await text(panel.locator('[data-response-status] strong')),
      duration: await text(panel.locator('[data-response-duration]')),
      size: await text(panel.locator('[data-response-size]')),
    });

    let form = await openOperation(page, 'create-uptime-test');
    await useSandbox(form, 'try-it-panel');
    // One long word: the check's name comes back on one JSON line.
    const longName = 'n'.repeat(250);
    await bodyField(form, 'name').fill(longName);
    await bodyField(form, 'website_url').fill('https://panel.example.com');
    await setList(form, 'contact_groups', []);
    const created = await send(page, form);
    expect(created.status, created.body).toBe(201);
    const id = newId(created.body);
    const wire = answers.at(-1);
    if (!wire) throw new Error('no answer from the mock seen on the wire');
    const summary = await summaryOf();
    expect(summary.status).toBe('201 Created');
    await expect.poll(async () => (await summaryOf()).duration).toMatch(/^\d+ ms$/);
    expect(summary.size).toBe(`${(await wire.body()).length} B`);

    // Headers: one click away, as sent.
    const headers = panel.locator('details', { hasText: 'Headers' });
    expect(await headers.locator('table').isVisible()).toBe(false);
    await headers.locator('summary').click();
    const sent = await wire.allHeaders();
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(sent[name], name).toBeDefined();
      expect(await text(headers.locator('tr', { has: page.locator(`th:text-is("${name}")`) }).locator('td'))).toBe(
        sent[name],
      );
    }

    // The check read back: its long line wraps inside the panel.
    form = await viaSidebar(page, 'Get an uptime check', 'get-uptime-test');
    await param(form, 'test_id').fill(id);
    const read = await send(page, form);
    expect(read.status).toBe(200);
    expect(read.body).toContain(longName);
    const code = panel.locator('[data-response-body] pre');
    const overflow = await code.evaluate((pre) => pre.scrollWidth - pre.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);

    // Deleted: 204, an empty body.
    // Its heading shown first: the last page's form and answer stay until the new page renders.
    form = await viaSidebar(page, 'Delete an uptime check', 'delete-uptime-test');
    await param(form, 'test_id').fill(id);
    const deleted = await send(page, form);
    expect(deleted.status).toBe(204);
    expect((await summaryOf()).status).toBe('204 No Content');
    expect((await summaryOf()).size).toBe('0 B');
    expect(await text(panel.locator('[data-response-body]'))).toBe('No content');
    expect(await text(panel)).not.toContain('Click the');
    expect(errors).toEqual([]);
    await close();
  });

  it("an update can clear a free-text field: 'Send it empty' sends field=, and the check reads back without it", async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'create-uptime-test');
    await useSandbox(form, 'try-it-clear');
    await bodyField(form, 'find_string').fill('Welcome');
    const created = await send(page, form);
    expect(created.status, created.body).toBe(201);
    const id = newId(created.body);

    form = await viaSidebar(page, 'Update an uptime check', 'update-uptime-test');
    await param(form, 'test_id').fill(id);
    await bodyField(form, 'find_string').fill('');
    // Left empty, it is not sent; sent empty, it clears the field.
    const sendEmpty = form.getByLabel('Send it empty: clears find_string');
    await sendEmpty.check();
    const sample = page.locator('.openapi-tabs__code-container pre').first();
    await expect.poll(() => text(sample)).toMatch(/find_string=(\s|'|$)/);
    const request = page.waitForRequest((r) => r.method() === 'PUT' && r.url().startsWith(`${MOCK_SERVER}/`));
    const updated = await send(page, form);
    expect(updated.status, updated.body).toBe(204);
    expect(new URLSearchParams((await request).postData() ?? '').get('find_string')).toBe('');
    // Typed into and emptied again, the field is left out until the box is ticked again.
    await bodyField(form, 'find_string').fill('x');
    await bodyField(form, 'find_string').fill('');
    expect(await sendEmpty.isChecked()).toBe(false);
    await expect.poll(() => text(sample)).not.toMatch(/find_string=/);

    form = await viaSidebar(page, 'Get an uptime check', 'get-uptime-test');
    await param(form, 'test_id').fill(id);
    const read = await send(page, form);
    expect(read.status).toBe(200);
    expect((json(read.body) as { data: { find_string?: string } }).data.find_string ?? '').toBe('');
    expect(errors).toEqual([]);
    await close();
  });

  it("a create offers no 'Send it empty': a field left out there gets its default", async () => {
    // Read only: a click or focus in the form would start the sandbox.
    const { page, close } = await newTab(site);
    const form = await openOperation(page, 'create-uptime-test');
    expect(await bodyField(form, 'find_string').inputValue()).toBe('');
    expect(await form.getByLabel(/^Send it empty/).count()).toBe(0);
    await close();
  });
});
