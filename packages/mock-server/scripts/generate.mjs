#!/usr/bin/env node
// Derives the mock's routes and validators from the bundled description, so a
// constraint edited in the spec changes the mock with no other edit:
//   src/generated/operations.ts  the route table: one plain-data entry per operation
//   src/generated/validators.js  Ajv validators compiled ahead of time (standalone
//                                code: no schema compilation at start-up or in the browser)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';

const started = performance.now();
const require = createRequire(import.meta.url);
const bundle = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8'));
const BASE = 'https://spec.local/openapi.json';
const METHODS = ['get', 'post', 'put', 'delete'];

const escapePointerToken = (token) => token.replaceAll('~', '~0').replaceAll('/', '~1');
const pointer = (...tokens) => `#/${tokens.map(escapePointerToken).join('/')}`;
const deref = (node) => {
  let current = node;
  while (current?.$ref) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((at, token) => at[token], bundle);
  }
  return current;
};

/** Properties of an object schema, following $ref and allOf (what a reader of the docs sees). */
function flattenProperties(schema) {
  const resolved = deref(schema);
  const merged = {};
  for (const member of resolved.allOf ?? []) Object.assign(merged, flattenProperties(member));
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    // Keywords beside a $ref apply too (OpenAPI 3.1): pagespeed's `region` is
    // `{$ref: PagespeedTestRegion, writeOnly: true}`, and dropping that writeOnly
    // made the mock store and return `region` and assign `PAGESPD-undefined<n>`.
    const { $ref: _ref, ...siblings } = property;
    merged[name] = { ...deref(property), ...siblings };
  }
  return merged;
}

/** Integer or number, or an array of them: wire strings for these must be plain decimals. */
function isNumeric(schema) {
  const type = [deref(schema).type].flat();
  if (type.includes('array')) return isNumeric(deref(schema).items ?? {});
  return type.includes('integer') || type.includes('number');
}

function defaultsOf(properties) {
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, p]) => p.default !== undefined)
      .map(([name, p]) => [name, p.default]),
  );
}

const ajv = new Ajv2020({
  strict: false,
  allErrors: true,
  verbose: true, // errors carry parentSchema: messages can name both bounds
  coerceTypes: 'array', // wire values are strings; a lone form value may stand for an array
  code: { source: true, esm: true },
});
addFormats(ajv);
ajv.addSchema(bundle, BASE);

const operations = [];
const exportsByName = {};
for (const [path, item] of Object.entries(bundle.paths)) {
  for (const method of METHODS) {
    const operation = item[method];
    if (!operation) continue;
    const id = operation.operationId;
    const key = id.replaceAll('-', '_');
    // Each parameter's schema by pointer into the bundle, so its $refs resolve there.
    const located = [
      ...(item.parameters ?? []).map((p, i) => [p, ['paths', path, 'parameters', String(i)]]),
      ...(operation.parameters ?? []).map((p, i) => [p, ['paths', path, method, 'parameters', String(i)]]),
    ].map(([p, at]) => ({ parameter: deref(p), schemaRef: `${BASE}${p.$ref ?? pointer(...at)}/schema` }));
    const parameters = located.map(({ parameter }) => parameter);

    const paramsSchema = {
      $id: `${id}/params`,
      type: 'object',
      properties: Object.fromEntries(located.map(({ parameter, schemaRef }) => [parameter.name, { $ref: schemaRef }])),
      required: parameters.filter((p) => p.required).map((p) => p.name),
    };
    ajv.addSchema(paramsSchema);
    exportsByName[`${key}_params`] = paramsSchema.$id;

    let body = null;
    const media = operation.requestBody?.content?.['application/x-www-form-urlencoded'];
    if (media) {
      const schemaPointer = pointer(
        'paths',
        path,
        method,
        'requestBody',
        'content',
        'application/x-www-form-urlencoded',
        'schema',
      );
      ajv.addSchema({ $id: `${id}/body`, $ref: `${BASE}${schemaPointer}` });
      exportsByName[`${key}_body`] = `${id}/body`;
      const properties = flattenProperties(media.schema);
      body = {
        validator: `${key}_body`,
        arrayFields: Object.keys(properties).filter((name) => properties[name].type === 'array'),
        numericFields: Object.keys(properties).filter((name) => isNumeric(properties[name])),
        fields: Object.keys(properties),
        defaults: method === 'post' ? defaultsOf(properties) : {},
      };
    }

    const success = Object.keys(operation.responses).find((code) => /^2\d\d$/.test(code));
    operations.push({
      operationId: id,
      method: method.toUpperCase(),
      path,
      tag: operation.tags[0],
      pagination: operation['x-pagination'] ?? null,
      successStatus: Number(success),
      pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({
          name: p.name,
          presenceFlag: p['x-presence-flag'] === true,
          default: deref(p.schema).default ?? null,
          numeric: isNumeric(deref(p.schema)),
        })),
      paramsValidator: `${key}_params`,
      body,
    });
  }
}

// Per resource (tag): the entity's fields as GET answers them, and the fields a
// list item keeps, so the mock fills and projects records from the spec alone.
const jsonSchemaOf = (operation, code) => operation?.responses?.[code]?.content?.['application/json']?.schema;
const resources = {};
for (const { operationId, tag, pagination } of operations) {
  const [path, method] = Object.entries(bundle.paths).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]?.operationId === operationId).map((m) => [p, m]),
  )[0];
  const operation = deref(bundle.paths[path])[method];
  const resource = (resources[tag] ??= { entityFields: {}, listFields: null });
  if (operationId.startsWith('get-')) {
    const entity = flattenProperties(jsonSchemaOf(operation, '200')).data;
    // `id` first, then the fields in the order the spec lists them.
    const { id, ...others } = flattenProperties(entity);
    for (const [name, field] of Object.entries({ id, ...others })) {
      const types = [field.type ?? (field.enum ? typeof field.enum[0] : 'object')].flat();
      resource.entityFields[name] = {
        type: types.find((t) => t !== 'null') === 'number' && field.enum ? 'integer' : types.find((t) => t !== 'null'),
        nullable: types.includes('null'),
        readOnly: field.readOnly === true,
        writeOnly: field.writeOnly === true,
        required: (deref(entity).required ?? []).includes(name),
        default: field.default ?? null,
      };
    }
  }
  if (pagination === 'page') {
    const items = flattenProperties(jsonSchemaOf(operation, '200')).data.items;
    resource.listFields = Object.keys(flattenProperties(items));
  }
}

const out = new URL('../src/generated/', import.meta.url);
mkdirSync(out, { recursive: true });
const banner = '// Generated by scripts/generate.mjs from @webmon/spec. Do not edit: edit the spec and rebuild.\n';
// Ajv's ESM output still `require`s two runtime helpers: the format checkers
// become an import, and the code-point length (for minLength/maxLength) inline code.
const validatorsCode = standaloneCode(ajv, exportsByName)
  .replaceAll('require("ajv-formats/dist/formats")', '__ajvFormats')
  .replaceAll('require("ajv/dist/runtime/ucs2length").default', '((text) => [...text].length)');
if (validatorsCode.includes('require('))
  throw new Error('generated validators still call require(): extend the import rewrite');
writeFileSync(
  new URL('validators.js', out),
  `${banner}import { fullFormats } from 'ajv-formats/dist/formats.js';\nconst __ajvFormats = { fullFormats };\n${validatorsCode.replace('"use strict";', '')}`,
);
writeFileSync(
  new URL('validators.d.ts', out),
  `${banner}import type { ValidateFunction } from 'ajv';\n${Object.keys(exportsByName)
    .map((name) => `export declare const ${name}: ValidateFunction;`)
    .join('\n')}\n`,
);
writeFileSync(
  new URL('operations.ts', out),
  `${banner}import type { OperationSpec, ResourceSpec } from '../operation-spec.js';\n\n` +
    `export const API_VERSION = ${JSON.stringify(bundle.info.version)};\n\n` +
    `export const operations: readonly OperationSpec[] = ${JSON.stringify(operations, null, 2)};\n\n` +
    `export const resources: Readonly<Record<string, ResourceSpec>> = ${JSON.stringify(resources, null, 2)};\n`,
);
console.log(
  `generated ${operations.length} routes and ${Object.keys(exportsByName).length} validators in ${Math.round(performance.now() - started)} ms`,
);
