/**
 * The try-it's form and response panel as the spec describes them
 * (@webmon/try-it), on the production build in Chromium, against the sandbox
 * running in the page: required fields first and the optional ones folded
 * under their count, every control, bound and description checked against
 * the bundle itself (read with @webmon/openapi-core), the API's messages at
 * the field after a 400, the response panel, and "Send it empty".
 */
import { listOperations, locate, mergeAllOf, resolveRef, type JsonObject } from '@webmon/openapi-core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cleanTab, newTab, useSite } from './helpers';
import {
  PRODUCTION_SERVER,
  bodyField,
  bundle,
  field,
  json,
  newId,
  openOperation,
  param,
  send,
  showAllParameters,
  viaSidebar,
  sendCreate,
} from './api-helpers';

const site = useSite();

interface Schema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  readOnly?: boolean;
  description?: string;
  default?: unknown;
  example?: unknown;
  items?: Schema;
  required?: string[];
  properties?: Record<string, Schema>;
  anyOf?: { required?: string[] }[];
}

const FORM = 'application/x-www-form-urlencoded';

/** The body schema of an operation as a reader sees it: `allOf` merged, `required` united. */
function bodySchema(path: string, method: string): Schema {
  const operation = resolveRef<JsonObject>(bundle, (bundle.paths[path] as Record<string, unknown>)[method]);
  const body = resolveRef<{ content: Record<string, { schema: unknown }> }>(bundle, operation.requestBody);
  return mergeAllOf(bundle, body.content[FORM]?.schema) as Schema;
}

/** A parameter's schema and description, by name, from the bundle's components. */
function parameter(name: string): { schema: Schema; description: string } {
  const { value } = locate<{ schema: unknown; description: string }>(
    bundle,
    { $ref: `#/components/parameters/${name}` },
    '',
  );
  return { schema: resolveRef<Schema>(bundle, value.schema), description: value.description };
}

/** Markdown as it reads once rendered: inline code without its backticks. */
const rendered = (markdown: string) => markdown.replace(/`/g, '').replace(/\s+/g, ' ').trim();

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function optionsOf(select: Locator): Promise<{ value: string; label: string }[]> {
  return select
    .locator('option')
    .evaluateAll((options) =>
      options.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })),
    );
}

/** The ids a control's aria-describedby names. */
const describedBy = async (control: Locator) =>
  ((await control.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);

/**
 * What the spec bounds, as the form says it in words: "5 to 75", "at most 255
 * characters", "at most 50 items", "default 15". Only the bounds this
 * description uses; a field with none of them shows no bounds.
 */
function boundsInWords(schema: Schema): string[] {
  const words: string[] = [];
  const range = (low: number | undefined, high: number | undefined, unit = '') =>
    low !== undefined && high !== undefined
      ? `${low} to ${high}${unit}`
      : low !== undefined
        ? `at least ${low}${unit}`
        : high !== undefined
          ? `at most ${high}${unit}`
          : undefined;
  const values = (s: Schema) =>
    [
      range(s.minimum, s.maximum),
      range(s.minLength, s.maxLength, ' characters'),
      s.pattern && `matching ${s.pattern}`,
    ].filter((w): w is string => Boolean(w));
  words.push(...values(schema));
  if (schema.maxItems !== undefined) words.push(`at most ${schema.maxItems} items`);
  if (schema.items && values(schema.items).length) words.push(`each ${values(schema.items).join(', ')}`);
  if (schema.default !== undefined) words.push(`default ${String(schema.default)}`);
  return words;
}

/** The sample shown under a language tab. */
async function sample(form: Locator, label: 'cURL' | 'Go' | '@webmon/ts-client'): Promise<string> {
  const samples = form.locator('.wm-tryit-samples');
  await samples.getByRole('tab', { name: label, exact: true }).click();
  await samples.locator(`[role="tab"][aria-selected="true"]`, { hasText: label }).waitFor();
  return text(samples.getByRole('tabpanel'));
}

describe('the try-it form follows the spec', () => {
  it('create uptime check: required fields first, the optional folded under their count; a control by schema, bounds in words and the description for each', async () => {
    // Read only (no Send): the sandbox does not start.
    const { page, errors, close } = await newTab(site);
    const form = await openOperation(page, 'create-uptime-test');
    const schema = bodySchema('/uptime', 'post');
    const properties = Object.entries(schema.properties ?? {}).filter(([, p]) => !p.readOnly);
    const required = new Set(schema.required);
    expect(properties.length).toBeGreaterThan(20);
    expect(required.size).toBeGreaterThan(0);

    // Required first, outside the fold; the others folded, closed, under their count.
    const names = (fields: Locator) =>
      fields.evaluateAll((elements) => elements.map((e) => e.getAttribute('data-api-field')));
    expect(new Set(await names(form.locator('form > .wm-tryit-fields > [data-api-field]')))).toEqual(required);
    const optional = properties.map(([name]) => name).filter((name) => !required.has(name));
    const fold = form.locator('details.wm-tryit-optional');
    expect(await fold.getAttribute('open')).toBeNull();
    expect(await text(fold.locator('summary'))).toBe(`${optional.length} optional fields`);
    expect(await names(fold.locator('[data-api-field]'))).toEqual(optional);
    expect(await field(form, optional[0]!).isVisible()).toBe(false);
    await showAllParameters(form);
    expect(await field(form, optional[0]!).isVisible()).toBe(true);

    let bounded = 0;
    for (const [name, property] of properties) {
      const shown = field(form, name);
      await expect.poll(() => shown.count(), { message: name }).toBe(1);
      const title = shown.locator('.wm-tryit-field-title');
      expect(await title.locator('.wm-tryit-required').count(), `${name}: marked required`).toBe(
        required.has(name) ? 1 : 0,
      );
      const list = property.type === 'array';
      // The control the bounds and description are tied to: a list's Add item button, else the input or select.
      const control = list ? shown.getByRole('button', { name: /^Add item/ }) : shown.locator(`[name="${name}"]`);
      if (!list) expect(await control.getAttribute('aria-required'), name).toBe(required.has(name) ? 'true' : null);

      // Bounds in words, tied to the control.
      const bounds = shown.locator('[id$="-bounds"]');
      const words = boundsInWords(property);
      expect(await bounds.count(), `${name}: bounds shown`).toBe(words.length ? 1 : 0);
      if (words.length) {
        const said = await text(bounds);
        for (const word of words) expect(said, name).toContain(word);
        expect(await describedBy(control), name).toContain(await bounds.getAttribute('id'));
      }
      // The description, its Markdown rendered, tied to the control.
      const about = shown.locator('[id$="-about"]');
      if (property.description) {
        expect(await text(about), name).toBe(rendered(property.description));
        expect(await describedBy(control), name).toContain(await about.getAttribute('id'));
      }
      expect(await text(shown), `${name}: no raw Markdown`).not.toContain('`');

      if (property.enum) {
        expect(await optionsOf(control), name).toEqual([
          { value: '', label: 'not sent' },
          ...property.enum.map((v) => ({ value: String(v), label: String(v) })),
        ]);
      } else if (property.type === 'boolean') {
        expect(await optionsOf(control), name).toEqual([
          { value: '', label: 'not sent' },
          { value: 'true', label: 'true' },
          { value: 'false', label: 'false' },
        ]);
      } else if (property.type === 'integer' || property.type === 'number') {
        expect(await control.getAttribute('type'), name).toBe('number');
        for (const [attribute, bound] of [
          ['min', property.minimum],
          ['max', property.maximum],
        ] as const) {
          expect(await control.getAttribute(attribute), `${name} ${attribute}`).toBe(
            bound === undefined ? null : String(bound),
          );
          if (bound !== undefined) bounded++;
        }
      } else if (list) {
        // Not sent until an item is added; Remove; an empty list is sent as such until Don't send.
        const items = shown.locator(`[name="${name}[]"]`);
        expect(await items.count(), name).toBe(0);
        expect(await text(shown), name).toContain('Not sent.');
        await control.click();
        expect(await items.count(), name).toBe(1);
        expect(await items.getAttribute('aria-label'), name).toBe(`${name} item 1`);
        await shown.getByRole('button', { name: `Remove ${name} item 1` }).click();
        expect(await items.count(), name).toBe(0);
        expect(await text(shown), name).toContain('sent as an empty list');
        await shown.getByRole('button', { name: /^Don’t send/ }).click();
        expect(await text(shown), name).toContain('Not sent.');
        expect(await shown.getByRole('button', { name: /^Don’t send/ }).count(), name).toBe(0);
      } else {
        expect(await control.getAttribute('type'), name).toBe('text');
      }
    }
    // The spec bounds some numbers of this body (timeout, confirmation, port...).
    expect(bounded).toBeGreaterThan(2);
    // The fold counts the optional fields filled in.
    await bodyField(form, 'timeout').fill('20');
    await expect.poll(() => text(fold.locator('summary'))).toBe(`${optional.length} optional fields (1 filled in)`);
    expect(errors).toEqual([]);
    await close();
  });

  it('a list follows into the samples: items sent as a bracket array, an empty list as name[]=, nothing once not sent', async () => {
    const { page, errors, close } = await cleanTab(site);
    const form = await openOperation(page, 'create-uptime-test');
    await showAllParameters(form);
    const tags = field(form, 'tags');
    await tags.getByRole('button', { name: /^Add item/ }).click();
    await tags.locator('[name="tags[]"]').fill('blue');
    await expect.poll(() => sample(form, 'cURL')).toContain("--data-urlencode 'tags[]=blue'");
    await tags.getByRole('button', { name: 'Remove tags item 1' }).click();
    await expect.poll(() => sample(form, 'cURL')).toMatch(/'tags\[\]='/);
    await tags.getByRole('button', { name: /^Don’t send/ }).click();
    await expect.poll(() => sample(form, 'cURL')).not.toContain('tags');
    expect(errors).toEqual([]);
    await close();
  });

  it('list uptime checks: number parameters carry their bounds, enums and flags are selects that can send nothing, descriptions rendered', async () => {
    const { page, errors, close } = await newTab(site);
    const form = await openOperation(page, 'list-uptime-tests');
    await showAllParameters(form);
    for (const name of ['page', 'limit']) {
      const { schema } = parameter(name);
      const input = param(form, name);
      expect(await input.getAttribute('type')).toBe('number');
      expect(await input.getAttribute('min')).toBe(String(schema.minimum));
      expect(await input.getAttribute('max')).toBe(String(schema.maximum));
      const bounds = await text(field(form, name).locator('[id$="-bounds"]'));
      expect(bounds).toContain(`${schema.minimum} to ${schema.maximum}`);
      expect(bounds).toContain(`default ${String(schema.default)}`);
      expect(await input.inputValue(), `${name}: empty, not its default`).toBe('');
    }
    const status = parameter('status').schema;
    expect((await optionsOf(param(form, 'status'))).map((o) => o.value)).toEqual([
      '',
      ...(status.enum ?? []).map(String),
    ]);
    // A presence flag: left out means false.
    const matchany = parameter('matchany');
    expect(await optionsOf(param(form, 'matchany'))).toEqual([
      { value: '', label: 'not sent (false)' },
      { value: 'true', label: 'true' },
      { value: 'false', label: 'false' },
    ]);
    const shown = field(form, 'matchany');
    expect(await text(shown.locator('[id$="-about"]'))).toBe(rendered(matchany.description));
    expect(await text(shown.locator('[id$="-bounds"]'))).toContain(`default ${String(matchany.schema.default)}`);
    expect(await text(shown)).not.toContain('`');
    expect(errors).toEqual([]);
    await close();
  });

  it('create maintenance window: "at least one of" is shown as such, its fields not each marked required', async () => {
    const { page, errors, close } = await newTab(site);
    const form = await openOperation(page, 'create-maintenance-window');
    const schema = bodySchema('/maintenance-windows', 'post');
    const members = (schema.anyOf ?? []).map((branch) => branch.required?.[0] ?? '');
    expect(members).toHaveLength(2);
    const group = form.locator('fieldset.wm-tryit-group');
    expect(await group.count()).toBe(1);
    const legend = /^At least one of (\w+) or (\w+) required$/.exec(await text(group.locator('legend').first()));
    expect(new Set(legend?.slice(1))).toEqual(new Set(members));
    for (const name of members) {
      expect(await group.locator(`[data-api-field="${name}"]`).count(), name).toBe(1);
      expect(await field(form, name).locator('.wm-tryit-required').count(), name).toBe(0);
    }
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the try-it's first Send", () => {
  it('on a list, with nothing typed, carries no filter and no default, and its cURL sample shows that call on the production URL', async () => {
    const { page, errors, close } = await cleanTab(site);
    const form = await openOperation(page, 'list-uptime-tests');
    expect((await send(page, form)).status).toBe(200);
    // The call as sent, above the answer: "GET <path>", said to go to the page's sandbox, its made-up host unnamed.
    const line = await text(page.locator('.wm-tryit-response .wm-tryit-sent code'));
    expect(line).toMatch(/^GET \/\S+$/);
    expect(await text(page.locator('.wm-tryit-response .wm-tryit-sent'))).toBe(`${line} to the sandbox in this page`);
    const sent = new URL(line.slice('GET '.length), 'https://sandbox.example');
    const { parameters } = listOperations(bundle).find((op) => op.operationId === 'list-uptime-tests')!;
    const optional = parameters.filter((p) => p.in === 'query' && !p.required);
    expect(optional.filter((p) => p.schema.default !== undefined || p.schema.example !== undefined)).not.toEqual([]);
    for (const { name } of optional) expect(sent.searchParams.has(name), name).toBe(false);
    expect(sent.pathname).toMatch(/\/uptime$/);
    // The sample: the same call, on production.
    expect(await sample(form, 'cURL')).toContain(`curl '${PRODUCTION_SERVER}/uptime${sent.search}'`);
    expect(errors).toEqual([]);
    await close();
  });
});

/** The answer panel of the try-it. */
const panelOf = (page: Page) => page.locator('section.wm-tryit-response');

describe('the try-it answers at the field and says what happened', () => {
  it("a 400 shows timeout's messages at the timeout field, marked invalid; the answer's button for it opens the fold and focuses it", async () => {
    const { page, errors, close } = await cleanTab(site);
    const form = await openOperation(page, 'create-uptime-test');
    await showAllParameters(form);
    await bodyField(form, 'timeout').fill('500');
    const answer = await send(page, form);
    expect(answer.status).toBe(400);
    // The raw answer is still there, and only timeout is at fault.
    const body = json(answer.body) as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(['timeout']);
    const { minimum, maximum } = bodySchema('/uptime', 'post').properties?.timeout ?? {};
    expect(body.errors.timeout?.join(' ')).toContain(`${minimum} and ${maximum}`);

    // At the field: its messages, the control marked invalid and described by them.
    const timeout = field(form, 'timeout');
    const messages = timeout.locator('.wm-tryit-errors');
    expect(await messages.locator('li').allTextContents()).toEqual(body.errors.timeout);
    const input = bodyField(form, 'timeout');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(input)).toContain(await messages.getAttribute('id'));
    // Other fields are not marked.
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(1);

    // The panel names the field; its button leads back to it, the optional fold opened again.
    const panel = panelOf(page);
    const named = panel.locator('.wm-tryit-answer-errors');
    expect(await text(named)).toContain(body.message);
    await form.locator('details.wm-tryit-optional > summary').click();
    expect(await form.locator('details.wm-tryit-optional').getAttribute('open')).toBeNull();
    await bodyField(form, 'name').focus();
    await named.getByRole('button', { name: 'timeout', exact: true }).click();
    expect(await form.locator('details.wm-tryit-optional').getAttribute('open')).not.toBeNull();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '')).toBe('timeout');

    // Fixed and sent again: the field is clear.
    await input.fill(String(maximum));
    const created = await send(page, form);
    expect(created.status, created.body).toBe(201);
    expect(await timeout.locator('.wm-tryit-errors').count()).toBe(0);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await panel.locator('.wm-tryit-answer-errors').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('the panel shows status and reason, duration and size; long lines wrap; headers one click away; a 204 reads No content', async () => {
    const { page, errors, close } = await cleanTab(site);
    const panel = panelOf(page);
    const summary = panel.locator('[data-response-status]');
    const summaryOf = async () => ({
      status: await text(summary.locator('strong')),
      spans: (await summary.locator('span').allTextContents()).map((s) => s.trim()),
    });
    /** A byte count as the panel writes it. */
    const size = (bytes: number) => (bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`);

    let form = await openOperation(page, 'create-uptime-test');
    expect(await text(panel)).toContain('Send a request to see the answer here.');
    // One long word: the check's name comes back on one JSON line.
    const longName = 'n'.repeat(250);
    await bodyField(form, 'name').fill(longName);
    const created = await send(page, form);
    expect(created.status, created.body).toBe(201);
    const id = newId(created.body);
    // The mock answers compact JSON: its size is that of the body shown, re-serialised.
    const bytes = new TextEncoder().encode(JSON.stringify(json(created.body))).length;
    const first = await summaryOf();
    expect(first.status).toBe('201 Created');
    expect(first.spans).toHaveLength(2);
    expect(first.spans[0]).toMatch(/^\d+ ms$/);
    expect(first.spans[1]).toBe(size(bytes));

    // Headers: one click away.
    const headers = panel.locator('details.wm-tryit-headers');
    expect(await headers.locator('table').isVisible()).toBe(false);
    await headers.locator('summary').click();
    expect(await headers.locator('table').isVisible()).toBe(true);
    const rows = Object.fromEntries(
      await headers
        .locator('tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']),
        ),
    ) as Record<string, string>;
    expect(await text(headers.locator('summary'))).toBe(`Headers (${Object.keys(rows).length})`);
    expect(rows['content-type']).toMatch(/^application\/json/);
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      expect(rows[name], name).toMatch(/^\d/);

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
    form = await viaSidebar(page, 'Delete an uptime check', 'delete-uptime-test');
    await param(form, 'test_id').fill(id);
    const deleted = await send(page, form);
    expect(deleted.status).toBe(204);
    const last = await summaryOf();
    expect(last.status).toBe('204 No Content');
    expect(last.spans[1]).toBe('0 B');
    expect(await text(panel.locator('[data-response-body]'))).toBe('No content');
    // Clear empties the panel.
    await panel.getByRole('button', { name: 'Clear', exact: true }).click();
    expect(await summary.count()).toBe(0);
    expect(await text(panel)).toContain('Send a request to see the answer here.');
    expect(errors).toEqual([]);
    await close();
  });

  it("an update can clear a free-text field: 'Send it empty' sends field=, and the check reads back without it", async () => {
    const { page, errors, close } = await cleanTab(site);
    let form = await openOperation(page, 'create-uptime-test');
    await showAllParameters(form);
    await bodyField(form, 'find_string').fill('Welcome');
    const id = await sendCreate(page, form);

    form = await viaSidebar(page, 'Update an uptime check', 'update-uptime-test');
    await param(form, 'test_id').fill(id);
    await showAllParameters(form);
    expect(await bodyField(form, 'find_string').inputValue()).toBe('');
    // Left empty, it is not sent; sent empty, it clears the field.
    const sendEmpty = form.getByLabel('Send it empty: clears find_string');
    expect(await sendEmpty.isChecked()).toBe(false);
    expect(await sample(form, 'cURL')).not.toContain('find_string');
    await sendEmpty.check();
    await expect.poll(() => sample(form, 'cURL')).toContain("--data-urlencode 'find_string='");
    const updated = await send(page, form);
    expect(updated.status, updated.body).toBe(204);
    // Typed into and emptied again, the field is left out until the box is ticked again.
    await bodyField(form, 'find_string').fill('x');
    await bodyField(form, 'find_string').fill('');
    expect(await sendEmpty.isChecked()).toBe(false);
    await expect.poll(() => sample(form, 'cURL')).not.toContain('find_string');

    form = await viaSidebar(page, 'Get an uptime check', 'get-uptime-test');
    await param(form, 'test_id').fill(id);
    const read = await send(page, form);
    expect(read.status).toBe(200);
    expect((json(read.body) as { data: { find_string?: string } }).data.find_string ?? '').toBe('');
    expect(errors).toEqual([]);
    await close();
  });

  it("a create offers no 'Send it empty': a field left out there gets its default", async () => {
    // Read only: nothing is sent.
    const { page, close } = await newTab(site);
    const form = await openOperation(page, 'create-uptime-test');
    await showAllParameters(form);
    await bodyField(form, 'find_string').fill('x');
    await bodyField(form, 'find_string').fill('');
    expect(await bodyField(form, 'find_string').inputValue()).toBe('');
    expect(await form.getByLabel(/^Send it empty/).count()).toBe(0);
    await close();
  });
});
