#!/usr/bin/env node
// @ts-check
// The reference pages under `pnpm dev` (the root's scripts/dev.mjs starts this
// with IPC). The plugin's `gen-api-docs` CLI loads the whole site and writes
// every page (24 s here, and the dev server then rebuilds all 148 files). This
// process loads the site config and the plugin once, and per edit: reruns
// prepare-api.mjs, has the plugin write every page into a scratch folder
// (.dev/pages/api-docs/, with its own code, so the pages are the build's), and copies into
// api-docs/ only the files that changed: the dev server recompiles those pages
// and the open browser page updates by itself. The plugin's Postman conversion,
// most of its time, is redone only for the operations the edit touched
// (scripts/dev-postman-cache.mjs). The bundle comes as a file of its own
// (`bundle`, JSON with its YAML beside it): the spec's dist/ gets it after the
// pages, so that the dev server, which imports it too, recompiles once per save.
// What prepare-api.mjs writes that the dev server watches (api-overview.json,
// static/) is staged too, and copied with the pages when it changed.
// Pages are prepared while the lint runs, and copied only once it passes.
//   parent -> { type: 'prepare', id, bundle? }  generate into .dev/pages/   host -> { type: 'prepared', id }
//   parent -> { type: 'commit', id }            copy what changed           host -> { type: 'pages', id, changed, steps: { prepare, generate, sync }, converted }
//   parent -> { type: 'regenerate', id }        both, from dist/'s bundle   host -> the same
//   host   -> { type: 'failed', id, message } instead, when a step fails
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeApiChanges } from './api-changes.mjs';
import { cachePostmanConversion } from './dev-postman-cache.mjs';

const siteDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(siteDir, 'package.json'));
const send = (/** @type {Record<string, unknown>} */ message) => process.send?.(message);
process.env.PORTAL_DEV_PAGES = '1';

/** @type {{ loadSiteConfig(options: { siteDir: string }): Promise<{ siteConfig: any }> }} */
const { loadSiteConfig } = require('@docusaurus/core/lib/server/config.js');
const { siteConfig } = await loadSiteConfig({ siteDir });
const entry = /** @type {[string, any] | undefined} */ (
  siteConfig.plugins.find(
    (/** @type {unknown} */ plugin) => Array.isArray(plugin) && plugin[0] === 'docusaurus-plugin-openapi-docs',
  )
);
if (!entry) throw new Error('docusaurus.config.ts has no docusaurus-plugin-openapi-docs entry');
/** @type {any} CommonJS: the plugin function is its default export */
const pluginModule = require('docusaurus-plugin-openapi-docs');
// Per save, only the operations the edit touched are converted to Postman requests.
const postman = cachePostmanConversion(require.resolve('docusaurus-plugin-openapi-docs'));
// The options as Docusaurus hands them over: validated, defaults filled in.
const pluginFunction = pluginModule.default ?? pluginModule;
const validated = pluginFunction.validateOptions({
  options: entry[1],
  validate: (/** @type {any} */ schema, /** @type {unknown} */ value) => {
    const { error, value: filled } = schema.validate(value);
    if (error) throw error;
    return filled;
  },
});
// The plugin writes to `outputDir` relative to the working directory and
// derives sidebar ids and info links from that path: the same path, run from
// .dev/pages/, with the templates' paths made absolute.
const scratch = join(siteDir, '.dev', 'pages');
const TEMPLATES = ['template', 'infoTemplate', 'tagTemplate', 'schemaTemplate'];
// prepare-api.mjs stages generated/ here; the plugin reads its bundle copy (specPath, in generated/) there.
const stagedGenerated = join(scratch, 'generated');
const options = {
  ...validated,
  config: Object.fromEntries(
    Object.entries(validated.config).map(([id, api]) => [
      id,
      {
        ...api,
        specPath: join(scratch, api.specPath),
        ...Object.fromEntries(TEMPLATES.filter((key) => api[key]).map((key) => [key, join(siteDir, api[key])])),
      },
    ]),
  ),
};
const plugin = pluginFunction({ siteDir, siteConfig }, options);

// The plugin's own `gen-api-docs <id>` action, taken from its CLI definition.
/** @type {((id: string, instance: { opts(): Record<string, unknown> }) => Promise<void>) | undefined} */
let generate;
/** A stand-in for commander: each `command(name)` chain ends in `action`. @param {string} name */
const chain = (name) => {
  const self = {
    description: () => self,
    usage: () => self,
    arguments: () => self,
    option: () => self,
    /** @param {typeof generate} action */
    action(action) {
      if (name === 'gen-api-docs') generate = action;
      return self;
    },
  };
  return self;
};
const command = { command: chain };
plugin.extendCli(command);
if (!generate) throw new Error('docusaurus-plugin-openapi-docs no longer defines gen-api-docs');
const generatePages = generate;

/** Every file under `dir`, relative to it. @param {string} dir @returns {string[]} */
function files(dir) {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => statSync(join(dir, file)).isFile());
  } catch {
    return [];
  }
}

/**
 * The files of `from` whose content differs in `to`, with their new content,
 * and (with `remove`) the files of `to` that `from` no longer has.
 * @param {string} from @param {string} to @param {{ remove: boolean }} options
 */
function differences(from, to, { remove }) {
  /** @type {Array<[string, string]>} */
  const writes = [];
  const wanted = new Set(files(from));
  for (const file of wanted) {
    const text = readFileSync(join(from, file), 'utf8');
    let old;
    try {
      old = readFileSync(join(to, file), 'utf8');
    } catch {}
    if (old !== text) writes.push([join(to, file), text]);
  }
  const removals = remove
    ? files(to)
        .filter((file) => !wanted.has(file))
        .map((file) => join(to, file))
    : [];
  return { writes, removals };
}

let runs = 0;
const quiet = console.log;
const ms = (/** @type {number} */ from, /** @type {number} */ to) => Math.round(to - from);
/** What the last `prepare` made, for the `commit` that follows. */
let prepared = { id: -1, steps: { prepare: 0, generate: 0 }, converted: 0 };

/** Regenerates every page into the scratch folder from the bundle file `bundle` (dist/'s if none). @param {number} id @param {string} [bundle] */
async function prepare(id, bundle) {
  const started = performance.now();
  const converted = postman.converted;
  prepared = { id: -1, steps: { prepare: 0, generate: 0 }, converted: 0 };
  try {
    // The plugin and prepare-api print a line per file: the dev loop prints its own summary.
    console.log = () => {};
    if (bundle) process.env.PORTAL_DEV_BUNDLE = bundle;
    else delete process.env.PORTAL_DEV_BUNDLE;
    // A new query string runs the script again (its imports stay loaded).
    await import(`${pathToFileURL(join(siteDir, 'scripts', 'prepare-api.mjs')).href}?run=${++runs}`);
    const preparedAt = performance.now();
    for (const { outputDir } of Object.values(options.config))
      rmSync(join(scratch, outputDir), { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    process.chdir(scratch);
    try {
      for (const id of Object.keys(options.config)) await generatePages(id, { opts: () => ({}) });
      // The API changes page, beside the reference's pages: the unreleased changes follow every save.
      writeApiChanges(join(scratch, options.config.api.outputDir), { bundle, generatedDir: stagedGenerated });
    } finally {
      process.chdir(siteDir);
    }
    const steps = { prepare: ms(started, preparedAt), generate: ms(preparedAt, performance.now()) };
    prepared = { id, steps, converted: postman.converted - converted };
  } finally {
    console.log = quiet;
  }
}

/** Copies the prepared pages and generated files that changed into the site; returns the message for the parent. */
function commit() {
  const started = performance.now();
  // Compared first, then written one after the other: the dev server takes them as one change.
  const found = [
    ...Object.values(options.config).map(({ outputDir }) =>
      differences(join(scratch, outputDir), join(siteDir, outputDir), { remove: true }),
    ),
    differences(stagedGenerated, join(siteDir, 'generated'), { remove: false }),
  ];
  for (const { writes, removals } of found) {
    for (const [file, text] of writes) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    for (const file of removals) rmSync(file);
  }
  const changed = found.flatMap(({ writes, removals }) =>
    [...writes.map(([file]) => file), ...removals].map((file) => relative(siteDir, file)),
  );
  return {
    type: 'pages',
    id: prepared.id,
    changed,
    steps: { ...prepared.steps, sync: ms(started, performance.now()) },
    converted: prepared.converted,
  };
}

/** @param {{ type: string, id: number, bundle?: string }} message */
async function handle(message) {
  try {
    if (message.type === 'prepare' || message.type === 'regenerate') await prepare(message.id, message.bundle);
    if (message.type === 'prepare') send({ type: 'prepared', id: message.id });
    else if (message.type === 'regenerate' || message.type === 'commit') {
      if (prepared.id !== message.id) throw new Error(`no pages prepared for check ${message.id}`);
      send(commit());
    }
  } catch (error) {
    send({ type: 'failed', id: message.id, message: /** @type {Error} */ (error).message });
  }
}
// One message at a time: a prepare never overlaps another, or a commit.
let queue = Promise.resolve();
process.on('message', (/** @type {{ type: string, id: number, bundle?: string }} */ message) => {
  queue = queue.then(() => handle(message));
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
