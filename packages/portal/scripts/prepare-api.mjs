#!/usr/bin/env node
// @ts-check
/**
 * Build step before `docusaurus gen-api-docs` (see package.json `generate`).
 * Everything it writes is gitignored and rebuilt on every build:
 *
 *  - generated/openapi.json: a COPY of @webmon/spec's bundle for the reference
 *    plugin, with
 *      - `x-codeSamples` on every operation (cURL, Go, JavaScript with our
 *        client; scripts/code-samples.mjs derives them from the operation);
 *      - `x-search-keywords` on every operation (scripts/search-keywords.mjs),
 *        which src/api/api.mustache writes into the page's `keywords`;
 *  - generated/client-methods.json: the built client's groups and methods;
 *  - generated/try-it/<operationId>.json: each operation as the try-it reads
 *    it, for a guide that mounts one (src/components/TryInSandbox.tsx);
 *  - generated/api-servers.json: the bundle's servers, variables at their
 *    defaults, for the introduction's "Base URL" (src/api/Servers.tsx);
 *  - generated/api-overview.json: every operation grouped as in the sidebar,
 *    for the overview at /api/ (scripts/api-overview.mjs);
 *  - api-docs/api-changes.mdx and generated/api-changes.json: the API changes page (scripts/api-changes.mjs);
 *  - generated/static/: served at the site root (`staticDirectories`):
 *      - openapi.json, openapi.yaml: the bundle as published, to download.
 *  - api-docs/ is emptied (the plugin skips files that already exist, so a
 *    stale page would survive a spec change) and left in place: the docs
 *    instance refuses to load, even for gen-api-docs, without its folder.
 *
 * Under `pnpm dev` (PORTAL_DEV_PAGES=1, scripts/dev-pages.mjs) it reads the
 * bundle from PORTAL_DEV_BUNDLE (JSON, the YAML beside it), which the spec's
 * dist/ gets only with the pages, and writes generated/ into a staging copy,
 * .dev/pages/generated/: the pages are made from it while the lint runs, and
 * dev-pages.mjs copies the files that changed with the pages once the lint
 * passes, so that a save makes the dev server recompile once, not once per
 * file written, and an edit that fails the lint changes nothing served.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listOperations } from '@webmon/openapi-core';
import { operationInputs } from '@webmon/try-it';
import { writeApiChanges } from './api-changes.mjs';
import { apiOverview } from './api-overview.mjs';
import { clientMethodOf, codeSamples } from './code-samples.mjs';
import { searchKeywords } from './search-keywords.mjs';

const portal = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(portal, 'package.json'));
const devPages = process.env.PORTAL_DEV_PAGES === '1';
const generated = join(portal, 'generated');
/** Where generated/'s files are written: under `pnpm dev`, a staging copy. */
const generatedOut = devPages ? join(portal, '.dev', 'pages', 'generated') : generated;
const staticOut = join(generatedOut, 'static');

// Under `pnpm dev` (scripts/dev-pages.mjs) the dev server watches these
// folders: they are overwritten in place, and the pages synced one by one.
if (!devPages) {
  rmSync(generated, { recursive: true, force: true });
  rmSync(join(portal, 'api-docs'), { recursive: true, force: true });
}
mkdirSync(staticOut, { recursive: true });
mkdirSync(join(portal, 'api-docs'), { recursive: true });

// The published bundle, as downloads.
const devBundle = devPages ? process.env.PORTAL_DEV_BUNDLE : undefined;
const jsonPath = devBundle ?? require.resolve('@webmon/spec/openapi.json');
copyFileSync(jsonPath, join(staticOut, 'openapi.json'));
copyFileSync(
  devBundle ? devBundle.replace(/\.json$/, '.yaml') : require.resolve('@webmon/spec/openapi.yaml'),
  join(staticOut, 'openapi.yaml'),
);

// The plugin's copy of the bundle.
/**
 * What is read and written here; the rest of the bundle passes through.
 * @typedef {{ 'x-form-array-style'?: string, encoding?: Record<string, Record<string, unknown>>, example?: unknown, schema?: unknown }} MediaType
 * @typedef {import('./code-samples.mjs').Operation & { requestBody?: { content?: Record<string, MediaType> }, 'x-codeSamples'?: import('./code-samples.mjs').CodeSample[], 'x-search-keywords'?: string, 'x-client-method'?: import('@webmon/openapi-core').ClientMethodName }} Operation
 * @type {import('./code-samples.mjs').Spec}
 */
const spec = JSON.parse(readFileSync(jsonPath, 'utf8'));
const { createClient, resources } = await import('@webmon/ts-client');
// Looked up by names computed from the spec, hence the index signatures.
const client = /** @type {Record<string, Record<string, unknown> | undefined>} */ (
  /** @type {unknown} */ (createClient({ token: 'build-time-name-check' }))
);
let operations = 0;
// Every operation under every HTTP method, as @webmon/openapi-core lists them for every reader.
for (const { path, method, operation, parameters } of listOperations(spec)) {
  // The core lists plain JSON objects; this one is an operation of our bundle.
  const op = /** @type {Operation} */ (/** @type {unknown} */ (operation));
  const { group, method: name } = clientMethodOf(spec, op.operationId);
  // The client built from this bundle has the method; under `pnpm dev` the
  // client's types follow a save in the background, after the pages.
  if (!devPages && typeof client[group]?.[name] !== 'function') {
    throw new Error(
      `${op.operationId}: @webmon/ts-client has no client.${group}.${name}: build the client from this bundle (pnpm build)`,
    );
  }
  // The try-it's ts-client sample names it (@webmon/try-it).
  op['x-client-method'] = { group, method: name };
  op['x-codeSamples'] = codeSamples(spec, path, method, op);
  op['x-search-keywords'] = searchKeywords(spec, path, method, op, parameters, { group, method: name });
  operations++;
}
writeFileSync(join(generatedOut, 'openapi.json'), JSON.stringify(spec, null, 2));
writeFileSync(join(generatedOut, 'api-overview.json'), JSON.stringify(apiOverview(spec)));
mkdirSync(join(generatedOut, 'try-it'), { recursive: true });
for (const input of operationInputs(spec))
  writeFileSync(join(generatedOut, 'try-it', `${input.operationId}.json`), JSON.stringify(input));
const servers = spec.servers.map((server) => ({
  url: server.url.replace(/\{(\w+)\}/g, (_, name) => server.variables?.[name]?.default ?? `{${name}}`),
  description: server.description ?? '',
}));
writeFileSync(join(generatedOut, 'api-servers.json'), JSON.stringify(servers));
// The client's groups and their methods as the built client has them (the
// auto-paginating twins too): the SDK guide's table (src/components/ClientMethods.tsx).
const clientMethods = Object.keys(resources).map((group) => ({
  group,
  methods: Object.entries(client[group] ?? {})
    .filter(([, method]) => typeof method === 'function')
    .map(([name]) => name),
}));
writeFileSync(join(generatedOut, 'client-methods.json'), JSON.stringify(clientMethods));
// The API changes page (scripts/api-changes.mjs); under `pnpm dev`, dev-pages.mjs writes it with the reference's pages.
if (!devPages) writeApiChanges(join(portal, 'api-docs'), { generatedDir: generatedOut });
console.log(`prepare-api: ${operations} operations with code samples; bundle and plugin copy in generated/`);
