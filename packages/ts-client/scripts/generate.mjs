#!/usr/bin/env node
// @ts-check
// Derives everything the client knows about the API from the bundled
// description, so a spec edit becomes a type change with no other edit:
//   src/generated/api.ts         openapi-typescript's types (paths, components, operations),
//                                their TSDoc carrying each field's bounds (tsdoc-bounds.mjs)
//   src/generated/operations.ts  the operation table the thin runtime walks (plain data)
//                                and how operations group into `client.<resource>.<method>`
// There is no hand-kept list of operations or fields anywhere else. The bundle
// is read through @webmon/openapi-core only, so `$ref`s, operations and
// parameters are read by the same rules as the mock's and the portal's.
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  clientMethodNames,
  formMediaType,
  isObject,
  listOperations,
  resolveRef,
  wireShapeOf,
} from '@webmon/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { tsdocBounds } from './tsdoc-bounds.mjs';

/** @typedef {import('@webmon/openapi-core').JsonObject} JsonObject */
/**
 * The Schema Object keywords this script reads (OpenAPI 3.1, JSON Schema 2020-12).
 * @typedef {JsonObject & {
 *   type?: string | string[],
 *   properties?: Record<string, unknown>,
 *   required?: string[],
 *   allOf?: unknown[], anyOf?: unknown[], oneOf?: unknown[],
 *   pattern?: string,
 * }} Schema
 */
/**
 * One row of the operation table (src/operation-info.ts describes each field).
 * @typedef {{
 *   method: string, path: string, pagination?: string, success?: number,
 *   input?: 'body' | 'query', arrays?: string[], csv?: string[], flags?: string[],
 *   lists?: string[], unwrap?: string[],
 * }} Entry
 */

const require = createRequire(import.meta.url);
/** @type {{ name: string, version: string }} */
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const FORM = 'application/x-www-form-urlencoded';

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(`generate: ${message}`);
}

/** @param {unknown} list */
const asArray = (list) => (Array.isArray(list) ? list : []);

/**
 * Writes api.ts and operations.ts for `bundle` into `out`. A function, so that
 * tests generate from an edited bundle in their own process (loading
 * openapi-typescript and TypeScript once) rather than starting Node per run.
 * @param {JsonObject & import('openapi-typescript').OpenAPI3} bundle
 * @param {URL} out a directory URL (ending in /); emptied first
 * @returns {Promise<{ operations: number, groups: number }>}
 */
export async function generate(bundle, out) {
  /**
   * A node of the bundle with its `$ref`s followed (siblings kept), as an object.
   * @param {unknown} node
   * @returns {Schema}
   */
  const deref = (node) => {
    const value = resolveRef(bundle, node);
    return isObject(value) ? /** @type {Schema} */ (value) : {};
  };

  /**
   * The keys to step through to reach what a caller wants from a success body:
   * while the body is an object with exactly one (required) property, step into
   * it. `{data: {new_id}}` gives ['data', 'new_id'] (create returns the id),
   * `{data: UptimeTest}` gives ['data'] (get returns the entity), `{data, metadata}`
   * gives [] (a page keeps its metadata). A composed schema (allOf, anyOf,
   * oneOf) is not stepped into.
   * @param {unknown} node
   */
  function unwrapPath(node) {
    /** @type {string[]} */
    const path = [];
    let current = deref(node);
    while (!current.allOf && !current.anyOf && !current.oneOf && current.type === 'object') {
      const names = Object.keys(current.properties ?? {});
      const only = names[0];
      if (only === undefined || names.length !== 1 || !(current.required ?? []).includes(only)) break;
      path.push(only);
      current = deref(current.properties?.[only]);
    }
    return path;
  }

  /** @type {Record<string, Entry>} */
  const operations = {};
  // The client's name of each operation (README "Method names"): the one rule, shared with the portal.
  let names;
  try {
    names = clientMethodNames(bundle);
  } catch (error) {
    fail(/** @type {Error} */ (error).message);
  }
  // listOperations: every method of every path item, path-level parameters
  // merged with the operation's by OpenAPI's override rule (same name and in).
  for (const entryOf of listOperations(bundle)) {
    const { method, path, operationId: id, operation, parameters } = entryOf;
    const tag = asArray(operation.tags)[0];
    if (typeof tag !== 'string') fail(`${id} has no tag: the tag names its client group`);
    const query = parameters.filter((p) => p.in === 'query');
    const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const name of pathParams) {
      if (!parameters.some((p) => p.in === 'path' && p.name === name))
        fail(`${id}: path parameter ${name} is not declared`);
    }

    /** @type {Entry} */
    const entry = { method: method.toUpperCase(), path };
    const pagination = operation['x-pagination'];
    if (typeof pagination === 'string' && pagination !== 'none') entry.pagination = pagination;
    const responses = deref(operation.responses);
    const success =
      Object.keys(responses)
        .filter((code) => /^2\d\d$/.test(code))
        .sort()[0] ?? fail(`${id} declares no 2xx answer`);
    entry.success = Number(success);

    // Where the input goes and which fields are lists or flags: the one reading of the bundle's wire (openapi-core).
    const shape = wireShapeOf(bundle, entryOf);
    if (operation.requestBody) {
      if (query.length) fail(`${id} takes both a body and query parameters: extend the runtime's argument order first`);
      const media = formMediaType(bundle, operation) ?? fail(`${id}: the runtime encodes ${FORM} bodies only`);
      const arrays = shape.arrays ?? [];
      const exploded = Object.entries(deref(media.encoding))
        .filter(([, e]) => isObject(e) && e.style === 'form' && e.explode === true)
        .map(([n]) => n);
      // The schema's array fields and the encoding entries must agree: a field
      // missing from either would be sent in the wrong form.
      if (arrays.slice().sort().join() !== exploded.slice().sort().join()) {
        fail(`${id}: array fields [${arrays}] and exploded encodings [${exploded}] differ`);
      }
      if (arrays.length && media['x-form-array-style'] !== 'brackets') {
        fail(`${id}: arrays without x-form-array-style: brackets; the runtime knows only the bracket form`);
      }
    }
    // `status_codes_csv` is one comma-separated string on the wire; callers
    // may pass `status_codes: string[]` instead (the entity's own shape).
    // A string parameter whose pattern separates items with commas (`tags`)
    // is a list on the wire: callers may pass an array, sent comma-joined.
    Object.assign(entry, shape);

    const answer = deref(deref(responses[success]).content)['application/json'];
    const unwrap = isObject(answer) && answer.schema ? unwrapPath(answer.schema) : [];
    if (unwrap.length) entry.unwrap = unwrap;

    operations[id] = entry;
  }

  /** @type {Record<string, Record<string, string>>} */
  const resources = {};
  for (const [id, { group, method }] of names) (resources[group] ??= {})[method] = id;
  // Auto-paginating twins: `<name>All` for every page- or cursor-paginated list.
  for (const [group, methods] of Object.entries(resources)) {
    for (const [name, id] of Object.entries(methods)) {
      if (operations[id]?.pagination && methods[`${name}All`]) fail(`${group}.${name}All is taken`);
    }
  }

  const server = deref(asArray(bundle.servers)[0]);
  if (typeof server.url !== 'string') fail('the bundle has no servers');
  const variables = deref(server.variables);
  const defaultBaseUrl = server.url.replace(/\{([^}]+)\}/g, (_, name) => {
    const fallback = deref(variables[name]).default;
    return typeof fallback === 'string' ? fallback : fail(`server variable ${name} has no default`);
  });

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const banner = '// Generated by scripts/generate.mjs from @webmon/spec. Do not edit: edit the spec and rebuild.\n';

  // defaultNonNullable off: openapi-typescript otherwise makes every property
  // with a `default` required, and our request bodies are components (its
  // exception for inline request bodies does not reach them): `paused` would
  // be required on every uptime update. What an answer always holds is in the
  // spec's `required` lists, which is where it belongs.
  // transformProperty is openapi-typescript's hook for a property's signature:
  // tsdocBounds adds each field's bounds to the TSDoc the library writes.
  const bounds = tsdocBounds(bundle);
  const ast = await openapiTS(bundle, {
    defaultNonNullable: false,
    transformProperty: bounds.transformProperty,
  });
  bounds.addTo(ast);
  writeFileSync(new URL('api.ts', out), `${banner}/* eslint-disable */\n${astToString(ast)}`);

  const rows = Object.entries(operations).map(([id, entry]) => `  ${JSON.stringify(id)}: ${JSON.stringify(entry)},`);
  const groups = Object.entries(resources).map(([group, methods]) => `  ${group}: ${JSON.stringify(methods)},`);
  writeFileSync(
    new URL('operations.ts', out),
    `${banner}import type { OperationInfo } from '../operation-info.js';

/** The API version the types and the table were generated from. */
export const API_VERSION = ${JSON.stringify(deref(bundle.info).version)};
/** The first server of the description, its variables at their defaults. */
export const DEFAULT_BASE_URL = ${JSON.stringify(defaultBaseUrl)};
/** Package name and version, read from package.json when generating. */
export const USER_AGENT = ${JSON.stringify(`${pkg.name}/${pkg.version}`)};

/** One row per operation, keyed by operationId (see OperationInfo for the fields). */
export const operations = {
${rows.join('\n')}
} as const satisfies Record<string, OperationInfo>;

/** client.<group>.<method> -> operationId, by the naming rule in scripts/generate.mjs. */
export const resources = {
${groups.join('\n')}
} as const;
`,
  );
  return { operations: Object.keys(operations).length, groups: Object.keys(resources).length };
}

// The build's entry: `node scripts/generate.mjs [--spec=<bundle.json>] [--out=<dir>]`
// (--spec and --out generate from another bundle into another directory).
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const started = performance.now();
  /** @param {string} name */
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const outArg = arg('out');
  const out = outArg ? pathToFileURL(`${outArg}/`) : new URL('../src/generated/', import.meta.url);
  // tsc only adds to dist/: without this, the compiled file of a source that was
  // renamed or removed would stay and be published.
  if (!outArg) rmSync(new URL('../dist/', import.meta.url), { recursive: true, force: true });
  const specPath = arg('spec') ?? require.resolve('@webmon/spec/openapi.json');
  const counts = await generate(JSON.parse(readFileSync(specPath, 'utf8')), out);
  console.log(
    `generated types and ${counts.operations} operations in ${counts.groups} groups ` +
      `in ${Math.round(performance.now() - started)} ms`,
  );
}
