#!/usr/bin/env node
// @ts-check
// Derives the MCP tools from the bundled description: one tool per operation,
// named by its operationId, titled by its summary, its input one JSON Schema
// (2020-12) object made of the operation's path and query parameters and its
// body fields, with their bounds, enums, defaults and required lists as the
// spec states them. Writes src/generated/tools.ts (gitignored, rebuilt by
// `build`). The bundle is read through @webmon/openapi-core only.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isObject, listOperations, mergeAllOf, resolveRef } from '@webmon/openapi-core';

/** @typedef {import('@webmon/openapi-core').JsonObject} JsonObject */

const require = createRequire(import.meta.url);
/** @param {string} name */
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
// --spec=<bundle.json> --out=<dir>: another bundle, another folder (tests).
const specPath = arg('spec') ?? require.resolve('@webmon/spec/openapi.json');
const outDir = arg('out') ?? new URL('../src/generated/', import.meta.url).pathname;
/** @type {JsonObject} */
const bundle = JSON.parse(readFileSync(specPath, 'utf8'));
const FORM = 'application/x-www-form-urlencoded';

/** @param {string} message @returns {never} */
const fail = (message) => {
  throw new Error(`generate: ${message}`);
};

/**
 * JSON Schema 2020-12 keywords a tool's input keeps. Everything else goes:
 * OpenAPI's own (`example`, `discriminator`, `xml`), extensions (`x-*`) and
 * `readOnly`, which no request carries. `example` becomes `examples`.
 */
const KEEP = new Set([
  'type',
  'enum',
  'const',
  'default',
  'description',
  'title',
  'examples',
  'deprecated',
  'writeOnly',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'contentMediaType',
  'contentEncoding',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);
/** Keywords holding one schema, a list of schemas, or a map of them. */
const ONE = new Set(['items', 'additionalProperties', 'contentSchema', 'not', 'if', 'then', 'else']);
const MANY = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);

/**
 * A schema of the bundle as plain JSON Schema: `$ref`s followed, `allOf`
 * merged (openapi-core's rules), only JSON Schema keywords kept.
 * @param {unknown} node
 * @param {string[]} trail where we are, for messages and the recursion guard
 * @returns {JsonObject}
 */
function toJsonSchema(node, trail) {
  if (trail.length > 32) fail(`${trail.join(' > ')}: nested too deep (a recursive schema?)`);
  const schema = mergeAllOf(bundle, node);
  /** @type {JsonObject} */
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (KEEP.has(key)) out[key] = value;
    else if (key === 'example' && !('examples' in schema)) out.examples = [value];
    else if (key === 'properties' && isObject(value)) {
      /** @type {Record<string, JsonObject>} */
      const properties = {};
      for (const [name, property] of Object.entries(value)) {
        const resolved = resolveRef(bundle, property);
        if (isObject(resolved) && resolved.readOnly === true) continue;
        properties[name] = toJsonSchema(property, [...trail, name]);
      }
      out.properties = properties;
    } else if (key === 'required' && Array.isArray(value)) out.required = value;
    else if (ONE.has(key)) out[key] = typeof value === 'boolean' ? value : toJsonSchema(value, [...trail, key]);
    else if (MANY.has(key) && Array.isArray(value))
      out[key] = value.map((member, i) => toJsonSchema(member, [...trail, `${key}[${i}]`]));
  }
  return out;
}

/**
 * @param {JsonObject} operation
 * @param {string[]} notes
 */
function describe(operation, notes) {
  const summary = typeof operation.summary === 'string' ? operation.summary : '';
  const text = typeof operation.description === 'string' ? operation.description : '';
  return [summary && `${summary}.`, text, ...notes].filter(Boolean).join('\n\n');
}

const tools = [];
for (const { method, path, operationId, operation, parameters } of listOperations(bundle)) {
  /** @type {Record<string, JsonObject>} */
  const properties = {};
  /** @type {string[]} */
  const required = [];
  /** @type {string[]} */
  const notes = [];
  const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  /** @type {'body' | 'query' | undefined} */
  let input;
  for (const parameter of parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query')
      fail(
        `${operationId}: ${parameter.in} parameter ${parameter.name}; the client sends path and query parameters only`,
      );
    if (parameter.in === 'path' && !pathParams.includes(parameter.name))
      fail(`${operationId}: path parameter ${parameter.name} is not in ${path}`);
    if (parameter.in === 'query') input = 'query';
    const schema = toJsonSchema(parameter.schema, [operationId, parameter.name]);
    const { description, example } = parameter.parameter;
    if (typeof description === 'string') schema.description = description;
    if (example !== undefined && !('examples' in schema)) schema.examples = [example];
    properties[parameter.name] = schema;
    if (parameter.required || parameter.in === 'path') required.push(parameter.name);
  }
  for (const name of pathParams) if (!properties[name]) fail(`${operationId}: path parameter ${name} is not declared`);

  if (operation.requestBody) {
    if (input === 'query')
      fail(`${operationId} takes both a body and query parameters; the client sends one or the other`);
    input = 'body';
    const body = /** @type {JsonObject} */ (resolveRef(bundle, operation.requestBody));
    const content = /** @type {JsonObject} */ (resolveRef(bundle, body.content));
    const media = isObject(content[FORM]) ? content[FORM] : fail(`${operationId}: only ${FORM} bodies are sent`);
    const schema = toJsonSchema(media.schema, [operationId, 'body']);
    // Only the body's properties and required list make it to the top: some
    // MCP hosts refuse `anyOf`/`oneOf`/`allOf` (and `if`) at the top of a
    // tool's input. Those cross-field rules ("tests or tags", the URL a
    // test_type takes) stay in the descriptions, and the API still checks them.
    for (const [name, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
      if (properties[name]) fail(`${operationId}: body field ${name} has the name of a parameter`);
      properties[name] = /** @type {JsonObject} */ (property);
    }
    if (body.required === true && Array.isArray(schema.required)) required.push(...schema.required.map(String));
    if (typeof schema.description === 'string') notes.push(schema.description);
    const arrays = Object.entries(properties).filter(([, property]) => property.type === 'array');
    if (arrays.length)
      notes.push(
        `Lists (${arrays.map(([name]) => `\`${name}\``).join(', ')}) are JSON arrays; an empty array empties the list.`,
      );
  }
  if (operation['x-pagination'] === 'cursor')
    notes.push('For older items, call again with `before` set to the `before` value in `links.next`.');
  else if (operation['x-pagination'] === 'page')
    notes.push('Answers one page: see `metadata.page_count`, and ask for the next with `page`.');

  const upper = method.toUpperCase();
  tools.push({
    name: operationId,
    title: typeof operation.summary === 'string' ? operation.summary : operationId,
    description: describe(operation, notes),
    method: upper,
    pathParams,
    ...(input ? { input } : {}),
    annotations: {
      readOnlyHint: upper === 'GET',
      destructiveHint: upper === 'PUT' || upper === 'DELETE',
      idempotentHint: upper !== 'POST',
      openWorldHint: false,
    },
    inputSchema: {
      type: 'object',
      properties,
      ...(required.length ? { required: [...new Set(required)] } : {}),
      additionalProperties: false,
    },
  });
}
if (!tools.length) fail('the bundle has no operations');
const names = new Set(tools.map((tool) => tool.name));
if (names.size !== tools.length) fail('two operations share an operationId');

const info = /** @type {JsonObject} */ (bundle.info ?? {});
/** @type {{ name: string, version: string }} */
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
mkdirSync(outDir, { recursive: true });
writeFileSync(
  `${outDir.replace(/\/?$/, '/')}tools.ts`,
  `// Generated by scripts/generate.mjs from @webmon/spec. Do not edit: edit the spec and rebuild.
import type { ToolSpec } from '../tool-spec.js';

/** The API version the tools were generated from. */
export const API_VERSION = ${JSON.stringify(String(info.version ?? ''))};
/** This package's name and version (package.json), for the MCP handshake and the user agent. */
export const SERVER_NAME = ${JSON.stringify(pkg.name)};
export const SERVER_VERSION = ${JSON.stringify(pkg.version)};

/** One tool per operation of the description, in its order. */
export const tools: readonly ToolSpec[] = ${JSON.stringify(tools, null, 1)};
`,
);
console.log(`generate: ${tools.length} tools from ${specPath}`);
