#!/usr/bin/env node
// @ts-check
// Derives the mock's routes and validators from the bundled description, so a
// constraint edited in the spec changes the mock with no other edit:
//   src/generated/operations.ts  the route table: one plain-data entry per operation
//   src/generated/validators.js  Ajv validators compiled ahead of time (standalone
//                                code: no schema compilation at start-up or in the browser)
//   src/generated/content-validators.js  the same for the contentSchema of JSON text fields
// The bundle is read through @webmon/openapi-core, like every other reader.
// --spec=<bundle.json> --out=<dir>: generate from another bundle into another
// directory (a test adds an operation to a copy and checks it becomes a route).
// --js: write the route table and examples as plain JavaScript, for an out
// directory inside a compiled copy of dist/ (`pnpm dev` reloads the mock from one).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  escapePointerToken,
  HTTP_METHODS,
  isObject,
  listOperations,
  locate,
  propertiesOf,
  resolveRef,
} from '@webmon/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';

/** @typedef {import('@webmon/openapi-core').JsonObject} JsonObject */
/** @typedef {import('../src/operation-spec.js').OperationSpec} OperationSpec */
/** @typedef {import('../src/operation-spec.js').ResourceSpec} ResourceSpec */
/** @typedef {import('../src/operation-spec.js').EntityFieldSpec} EntityFieldSpec */
/** @typedef {import('../src/operation-spec.js').BodySpec} BodySpec */

// Both ship CommonJS; their default exports arrive wrapped under NodeNext.
const addFormats = /** @type {typeof addFormatsModule.default} */ (/** @type {unknown} */ (addFormatsModule));
const standaloneCode = /** @type {typeof standaloneCodeModule.default} */ (
  /** @type {unknown} */ (standaloneCodeModule)
);

const started = performance.now();
/** @param {string} name */
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const specPath = arg('spec') ?? createRequire(import.meta.url).resolve('@webmon/spec/openapi.json');
/** @type {JsonObject} */
const bundle = JSON.parse(readFileSync(specPath, 'utf8'));
const BASE = 'https://spec.local/openapi.json';
const FORM = 'application/x-www-form-urlencoded';

/** @param {unknown} schema @returns {JsonObject} */
const resolved = (schema) => {
  const value = resolveRef(bundle, schema);
  return isObject(value) ? value : {};
};
/** @param {unknown} schema @returns {unknown[]} */
const typesOf = (schema) => [resolved(schema).type ?? []].flat();

/** Integer or number, or an array of them: wire strings for these must be plain decimals. @param {unknown} schema @returns {boolean} */
function isNumeric(schema) {
  const types = typesOf(schema);
  if (types.includes('array')) return isNumeric(resolved(schema).items ?? {});
  return types.includes('integer') || types.includes('number');
}

/** @param {Record<string, JsonObject>} properties */
function defaultsOf(properties) {
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, p]) => p.default !== undefined)
      .map(([name, p]) => [name, p.default]),
  );
}

/**
 * String fields that hold JSON (`contentMediaType: application/json`) with a
 * `contentSchema`: Ajv only annotates these, so each content schema gets a
 * validator of its own, which the mock runs on the parsed text. Those are
 * compiled without type coercion: parsed JSON has its own types (`3` is no
 * header value), unlike wire strings.
 * @param {string} key @param {string} id @param {Record<string, JsonObject>} properties
 * @returns {import('../src/operation-spec.js').JsonFieldSpec[]}
 */
function jsonFieldsOf(key, id, properties) {
  return Object.entries(properties)
    .filter(([, p]) => p.contentMediaType === 'application/json' && isObject(p.contentSchema))
    .map(([name, p]) => {
      const content = /** @type {JsonObject} */ (p.contentSchema);
      if (JSON.stringify(content).includes('"$ref"'))
        throw new Error(`${id} ${name}: a contentSchema with $ref is not supported; write it inline`);
      const validator = `${key}_body_${name}_content`;
      contentAjv.addSchema({ ...content, $id: `${id}/body/${name}/content` });
      contentExports[validator] = `${id}/body/${name}/content`;
      return { name, validator, example: content.example ?? null };
    });
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

/** @param {unknown} operation @param {string} code */
const jsonSchemaOf = (operation, code) => {
  const responses = isObject(operation) ? resolved(operation.responses) : {};
  const content = resolved(resolved(responses[code]).content);
  return resolved(content['application/json']).schema;
};

/** @type {OperationSpec[]} */
const operations = [];
/** @type {Record<string, string>} */
const exportsByName = {};
const contentAjv = new Ajv2020({
  strict: false,
  allErrors: true,
  verbose: true,
  code: { source: true, esm: true },
});
addFormats(contentAjv);
/** @type {Record<string, string>} */
const contentExports = {};
/** @type {Record<string, ResourceSpec>} */
const resources = {};
/** @type {Record<string, import('../src/operation-spec.js').OperationExamples>} */
const examples = {};

for (const { method, path, operationId: id, operation, parameters, pointer } of listOperations(bundle)) {
  const key = id.replaceAll('-', '_');
  const tag = Array.isArray(operation.tags) ? String(operation.tags[0]) : id;

  // Each parameter's schema by pointer into the bundle, so its $refs resolve there.
  const paramsSchema = {
    $id: `${id}/params`,
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, { $ref: `${BASE}${p.pointer}/schema` }])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
  ajv.addSchema(paramsSchema);
  exportsByName[`${key}_params`] = paramsSchema.$id;

  /** @type {BodySpec | null} */
  let body = null;
  const requestBody = locate(bundle, operation.requestBody, `${pointer}/requestBody`);
  const media = isObject(requestBody.value) ? resolved(requestBody.value.content)[FORM] : undefined;
  if (isObject(media)) {
    const bodyPointer = `${requestBody.pointer}/content/${escapePointerToken(FORM)}/schema`;
    ajv.addSchema({ $id: `${id}/body`, $ref: `${BASE}${bodyPointer}` });
    exportsByName[`${key}_body`] = `${id}/body`;
    const properties = propertiesOf(bundle, media.schema);
    body = {
      validator: `${key}_body`,
      jsonFields: jsonFieldsOf(key, id, properties),
      arrayFields: Object.keys(properties).filter((name) => properties[name]?.type === 'array'),
      numericFields: Object.keys(properties).filter((name) => isNumeric(properties[name])),
      fields: Object.keys(properties),
      defaults: method === 'post' ? defaultsOf(properties) : {},
    };
  }

  // The description's examples of this operation, for the seed (src/seed.ts):
  // the records they name must exist, so every example works as written.
  /** @param {'path' | 'query'} where */
  const exampleValues = (where) =>
    Object.fromEntries(
      parameters
        .filter((p) => p.in === where && (p.parameter.example ?? p.schema.example) !== undefined)
        .map((p) => [p.name, p.parameter.example ?? p.schema.example]),
    );
  examples[id] = {
    path: exampleValues('path'),
    query: exampleValues('query'),
    body: isObject(media) && isObject(media.example) ? media.example : null,
  };

  const responses = resolved(operation.responses);
  const success = Object.keys(responses).find((code) => /^2\d\d$/.test(code));
  const pagination = operation['x-pagination'];
  operations.push({
    operationId: id,
    method: /** @type {OperationSpec['method']} */ (method.toUpperCase()),
    path,
    tag,
    pagination: pagination === 'page' || pagination === 'cursor' || pagination === 'none' ? pagination : null,
    successStatus: Number(success),
    pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
    queryParams: parameters
      .filter((p) => p.in === 'query')
      .map((p) => ({
        name: p.name,
        presenceFlag: p.parameter['x-presence-flag'] === true,
        default: p.schema.default ?? null,
        numeric: isNumeric(p.schema),
      })),
    paramsValidator: `${key}_params`,
    body,
  });

  // Per resource (tag): the entity's fields as GET answers them, and the fields a
  // list item keeps, so the mock fills and projects records from the spec alone.
  const resource = (resources[tag] ??= { entityFields: {}, listFields: null });
  if (id.startsWith('get-')) {
    const entity = propertiesOf(bundle, jsonSchemaOf(operation, '200')).data;
    const { id: idField, ...others } = propertiesOf(bundle, entity);
    const required = /** @type {unknown[]} */ (resolved(entity).required ?? []);
    // `id` first, then the fields in the order the spec lists them.
    for (const [name, field] of Object.entries({ id: idField ?? {}, ...others })) {
      const types = [field.type ?? (Array.isArray(field.enum) ? typeof field.enum[0] : 'object')].flat();
      const type = types.find((t) => t !== 'null');
      resource.entityFields[name] = {
        type: /** @type {EntityFieldSpec['type']} */ (type === 'number' && field.enum ? 'integer' : type),
        nullable: types.includes('null'),
        readOnly: field.readOnly === true,
        writeOnly: field.writeOnly === true,
        required: required.includes(name),
        default: field.default ?? null,
      };
    }
  }
  if (pagination === 'page') {
    const items = propertiesOf(bundle, jsonSchemaOf(operation, '200')).data?.items;
    resource.listFields = Object.keys(propertiesOf(bundle, items));
  }
}

const out = arg('out') ? pathToFileURL(`${arg('out')}/`) : new URL('../src/generated/', import.meta.url);
mkdirSync(out, { recursive: true });
// From src/generated/ (and dist/generated/, where the build copies it) the module is one folder up.
const webUrl = new URL('../src/web-url.js', import.meta.url);
const fromOut = relative(fileURLToPath(out), fileURLToPath(webUrl)).replaceAll('\\', '/');
const asJs = process.argv.includes('--js');
const webUrlImport = arg('out') && !asJs ? (fromOut.startsWith('.') ? fromOut : `./${fromOut}`) : '../web-url.js';
/** A generated TypeScript module, or with --js the same module minus its types. @param {string} name @param {string} typed */
const writeModule = (name, typed) =>
  writeFileSync(
    new URL(asJs ? `${name}.js` : `${name}.ts`, out),
    asJs
      ? typed
          .replace(/^import type .*\n/m, '')
          .replace(/^(export const \w+): [^=]+=/gm, '$1 =')
          .replace(/ as const;/g, ';')
          .replace(/^export type .*\n/m, '')
      : typed,
  );
const banner = '// Generated by scripts/generate.mjs from @webmon/spec. Do not edit: edit the spec and rebuild.\n';
/**
 * Writes the standalone validators of `instance` as `<name>.js` and `.d.ts`.
 * Ajv's ESM output still `require`s two runtime helpers: the format checkers
 * become an import, and the code-point length (for minLength/maxLength) inline code.
 * `uri` is checked by src/web-url.ts: RFC 3986 and `new URL()` both (see there).
 * @param {Ajv2020} instance @param {Record<string, string>} exports @param {string} name
 */
function writeValidators(instance, exports, name) {
  const code = standaloneCode(instance, exports)
    .replaceAll('require("ajv-formats/dist/formats")', '__ajvFormats')
    .replaceAll('require("ajv/dist/runtime/ucs2length").default', '((text) => [...text].length)');
  if (code.includes('require('))
    throw new Error('generated validators still call require(): extend the import rewrite');
  writeFileSync(
    new URL(`${name}.js`, out),
    `${banner}import { fullFormats } from 'ajv-formats/dist/formats.js';\nimport { isWebUrl } from '${webUrlImport}';\n` +
      `const __ajvFormats = { fullFormats: { ...fullFormats, uri: isWebUrl } };\n${code.replace('"use strict";', '')}`,
  );
  writeFileSync(
    new URL(`${name}.d.ts`, out),
    `${banner}import type { ValidateFunction } from 'ajv';\n${Object.keys(exports)
      .map((exported) => `export declare const ${exported}: ValidateFunction;`)
      .join('\n')}\n`,
  );
}
writeValidators(ajv, exportsByName, 'validators');
writeValidators(contentAjv, contentExports, 'content-validators');
writeModule(
  'http-methods',
  `${banner}/** Every method an OpenAPI operation may have (@webmon/openapi-core's list), upper-case as on the wire. */\n` +
    `export const HTTP_METHODS = ${JSON.stringify(HTTP_METHODS.map((method) => method.toUpperCase()))} as const;\n\n` +
    'export type HttpMethod = (typeof HTTP_METHODS)[number];\n',
);
const info = resolved(bundle.info);
writeModule(
  'operations',
  `${banner}import type { OperationSpec, ResourceSpec } from '../operation-spec.js';\n\n` +
    `export const API_VERSION = ${JSON.stringify(info.version)};\n\n` +
    `export const operations: readonly OperationSpec[] = ${JSON.stringify(operations, null, 2)};\n\n` +
    `export const resources: Readonly<Record<string, ResourceSpec>> = ${JSON.stringify(resources, null, 2)};\n`,
);
writeModule(
  'examples',
  `${banner}import type { OperationExamples } from '../operation-spec.js';\n\n` +
    '/** Per operationId: its path and query parameter examples and its form body example. */\n' +
    `export const examples: Readonly<Record<string, OperationExamples>> = ${JSON.stringify(examples, null, 2)};\n`,
);
console.log(
  `generated ${operations.length} routes and ${Object.keys(exportsByName).length + Object.keys(contentExports).length} validators in ${Math.round(performance.now() - started)} ms`,
);
