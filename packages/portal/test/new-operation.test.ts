// An operation under a method the API does not use yet (PATCH) reaches the
// reference once it is in the spec: the portal's build step (code samples,
// through @webmon/openapi-core's list of operations) and the reference plugin,
// with the site's own plugin options, make it a page of its tag.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations } from '@webmon/openapi-core';
import { processOpenapiFiles, readOpenapiFiles } from 'docusaurus-plugin-openapi-docs/lib/openapi';
import { afterAll, expect, it } from 'vitest';
import config from '../docusaurus.config';
import { codeSamples } from '../scripts/code-samples.mjs';

const work = mkdtempSync(join(tmpdir(), 'portal-new-operation-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The reference plugin's options for the API, as docusaurus.config.ts gives them. */
function referenceOptions() {
  for (const plugin of config.plugins ?? []) {
    if (!Array.isArray(plugin) || plugin[0] !== 'docusaurus-plugin-openapi-docs') continue;
    const api = (plugin[1] as { config: { api: Parameters<typeof processOpenapiFiles>[1] } }).config.api;
    return api;
  }
  throw new Error('docusaurus.config.ts has no docusaurus-plugin-openapi-docs entry');
}

it('a PATCH operation added to a copy of the bundle becomes a reference page with its samples', async () => {
  const bundle = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@webmon/spec/openapi.json'), 'utf8'));
  const item = bundle.paths['/uptime/{test_id}'];
  item.patch = { ...structuredClone(item.put), operationId: 'patch-uptime-test', summary: 'Change some fields' };
  for (const { path, method, operation } of listOperations(bundle)) {
    operation['x-codeSamples'] = codeSamples(bundle, path, method, operation as Parameters<typeof codeSamples>[3]);
  }
  const file = join(work, 'openapi.json');
  writeFileSync(file, JSON.stringify(bundle));

  const options = referenceOptions();
  const [items] = await processOpenapiFiles(
    await readOpenapiFiles(file),
    { ...options, specPath: file },
    options.sidebarOptions ?? {},
  );
  const page = items.find((entry) => entry.type === 'api' && entry.api.operationId === 'patch-uptime-test');
  expect(page).toBeDefined();
  expect(page).toMatchObject({ id: 'patch-uptime-test', title: 'Change some fields', api: { method: 'patch' } });
  const samples = (page as { api: { 'x-codeSamples'?: { lang: string; source: string }[] } }).api['x-codeSamples'];
  expect(samples?.find((sample) => sample.lang === 'cURL')?.source).toMatch(/-X PATCH '.*\/uptime\/1234567'/);
  expect(samples?.find((sample) => sample.lang === 'JavaScript')?.source).toContain('client.uptime.patch(');
}, 120_000);
