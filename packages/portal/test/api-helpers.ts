/**
 * Helpers for the API reference tests: the bundle's operations and tag
 * groups, and the try-it panel's controls as a reader uses them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { listOperations } from '@webmon/openapi-core';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { gotoHydrated } from './helpers';

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
}

export const bundle = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@webmon/spec/openapi.json'), 'utf8'),
) as {
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string; tags: string[]; summary: string }>>;
  'x-tagGroups': { name: string; tags: string[] }[];
  tags: { name: string; 'x-displayName': string }[];
  components: {
    schemas: Record<string, { properties?: Record<string, { description?: string }> }>;
    securitySchemes: Record<string, { description?: string }>;
  };
};

export const operations: Operation[] = listOperations(bundle).map(({ operationId, method, path, operation }) => {
  const { tags, summary } = operation as { tags: string[]; summary: string };
  return { operationId, method, path, tag: tags[0], summary };
});

/** The mock server URL of the spec (its second server), for `npx @webmon/mock-server`. */
export const MOCK_SERVER = bundle.servers[1].url;

/** The production URL of the spec (its first server, its variables at their defaults): what the docs and samples show. */
export const PRODUCTION_SERVER = (() => {
  const { url, variables = {} } = bundle.servers[0] as { url: string; variables?: Record<string, { default: string }> };
  return url.replace(/\{(\w+)\}/g, (_, name: string) => variables[name]?.default ?? '');
})();

/**
 * The try-it panel (@webmon/try-it: environment switch, form, answer,
 * samples), once drawn: the panel is a lazy chunk that loads when it comes
 * near the viewport (src/api/TryItPanel.tsx).
 */
export async function requestForm(page: Page): Promise<Locator> {
  const panel = page.locator('section.wm-tryit');
  await panel.locator('form').waitFor();
  return panel;
}

/**
 * In-app navigation through the sidebar (the sandbox's data lives in the
 * page), done once the new page's heading shows: until then the last page,
 * its form and its answer still show.
 */
export async function viaSidebar(page: Page, label: string, operationId: string): Promise<Locator> {
  await page.locator('.theme-doc-sidebar-menu').getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL(new RegExp(`/api/${operationId}$`));
  await page.locator('h1', { hasText: label }).waitFor();
  return requestForm(page);
}

/**
 * Opens an operation page and waits until its try-it form is drawn. The
 * sandbox (the in-browser mock) starts on the form's first use; a Send made
 * while it starts is sent once it runs.
 */
export async function openOperation(page: Page, operationId: string): Promise<Locator> {
  await gotoHydrated(page, `/api/${operationId}`);
  return requestForm(page);
}

/** Where Send goes: the sandbox (the default, the mock in the page) or production, by its radio button. */
export async function chooseServer(form: Locator, server: 'Sandbox' | 'Production'): Promise<void> {
  const radio = form.getByRole('radio', { name: new RegExp(`^${server}`) });
  if (!(await radio.isChecked())) await radio.check();
}

/** The sandbox, the in-browser mock (the default server; the choice is kept for the session). */
export const chooseMockServer = (form: Locator) => chooseServer(form, 'Sandbox');

/** The reader's own token, shown with production chosen. */
export const tokenInput = (form: Locator) => form.getByLabel('API token', { exact: true });

/** Shows the optional fields (folded under their count). */
export async function showAllParameters(form: Locator): Promise<void> {
  const folded = form.locator('details.wm-tryit-optional:not([open]) > summary');
  if (await folded.count()) await folded.first().click();
}

/** Opens the sandbox's options (scenario, strict wire, clock, Reset, Export, Import), folded under "Sandbox options". */
export async function sandboxOptions(form: Locator): Promise<Locator> {
  const options = form.locator('details.wm-tryit-sandbox-options');
  if ((await options.getAttribute('open')) === null) await options.locator('> summary').click();
  return options;
}

/** A query or path parameter's field, by its label. */
export const param = (form: Locator, name: string) => form.getByLabel(name, { exact: true });

/** A body field's control (input or select), by its name. */
export const bodyField = (form: Locator, name: string) => form.locator(`[name="${name}"]`);

/** A try-it field as a whole (label, control, messages, notes), by its name (@webmon/try-it's Field). */
export const field = (form: Locator, name: string) => form.locator(`[data-api-field="${name}"]`);

/** Sets an array field of the body to these items, with its Remove and Add item buttons. */
export async function setList(form: Locator, name: string, values: string[]): Promise<void> {
  const list = field(form, name);
  const remove = list.getByRole('button', { name: /^Remove / });
  while (await remove.count()) await remove.first().click();
  for (const value of values) {
    await list.getByRole('button', { name: /^Add item/ }).click();
    await list.locator(`[name="${name}[]"]`).last().fill(value);
  }
}

/**
 * Sends the request and waits for the answer the panel shows: status code and
 * body text ('' for an empty body). The previous answer's summary is gone
 * before the new one is read.
 */
export async function send(page: Page, form: Locator): Promise<{ status: number; body: string }> {
  const panel = page.locator('section.wm-tryit-response');
  const summary = panel.locator('[data-response-status]');
  const previous = (await summary.count()) ? await summary.elementHandle() : null;
  await form.getByRole('button', { name: /^Send to / }).click();
  if (previous) await page.waitForFunction((element) => !element.isConnected, previous);
  await summary.waitFor();
  const status = Number(await summary.getAttribute('data-response-status'));
  const code = panel.locator('[data-response-body] pre');
  const body = (await code.count()) ? ((await code.first().textContent()) ?? '') : '';
  return { status, body };
}

/** The JSON the panel shows (the theme's code block may add line breaks). */
export function json(body: string): unknown {
  return JSON.parse(body);
}

/** The id a create answer's body carries (`{"data":{"new_id":"..."}}`). */
export const newId = (body: string): string => (json(body) as { data: { new_id: string } }).data.new_id;

/** Sends a create form; it must answer 201 (else the test fails with the answer's body). The new record's id. */
export async function sendCreate(page: Page, form: Locator): Promise<string> {
  const created = await send(page, form);
  expect(created.status, created.body).toBe(201);
  return newId(created.body);
}
