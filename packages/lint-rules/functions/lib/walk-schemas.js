// @ts-check
// Lists every schema object of a resolved OpenAPI 3.1 document: the roots
// (components, parameters, headers, request and response media types) and
// every subschema below them (properties, items, allOf, ...), each once.
//
// Why not a JSONPath like `$..properties`: that also matches inside `example`
// values and would treat data as schemas. Why "each once": after resolution a
// component schema is the same object at every place that references it, and
// Spectral maps every reported path back to where the schema is written, so
// one visit is enough and keeps the walk linear.
import { isObject, isUnresolvedRef } from './json-value.js';
import { eachOperation, eachParameter } from './walk-openapi.js';

/** @typedef {import('./json-value.js').JsonObject} JsonObject */
/** @typedef {import('./json-value.js').JsonPath} JsonPath */
/** @typedef {import('./json-value.js').Located} Located */

/** Keywords whose value is a map of name to subschema. */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value is one subschema (`items` may also be a 3.0-style list). */
const SCHEMA_SINGLES = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'contentSchema',
];

/**
 * Every schema object in the document, each once, with the first path it was reached by.
 * Objects left as `{ $ref }` (circular references) are skipped.
 * @param {JsonObject} root
 * @returns {Located[]}
 */
export function eachSchema(root) {
  /** @type {Located[]} */
  const found = [];
  /** @type {Set<object>} */
  const seen = new Set();
  for (const entry of schemaRoots(root)) visit(entry.value, entry.path, found, seen);
  return found;
}

/**
 * @param {unknown} schema
 * @param {JsonPath} path
 * @param {Located[]} found
 * @param {Set<object>} seen
 */
function visit(schema, path, found, seen) {
  if (!isObject(schema) || isUnresolvedRef(schema) || seen.has(schema)) return;
  seen.add(schema);
  found.push({ value: schema, path });
  for (const keyword of SCHEMA_MAPS) {
    const map = schema[keyword];
    if (!isObject(map)) continue;
    for (const [name, sub] of Object.entries(map)) visit(sub, [...path, keyword, name], found, seen);
  }
  for (const keyword of SCHEMA_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list))
      for (const [index, sub] of list.entries()) visit(sub, [...path, keyword, index], found, seen);
  }
  for (const keyword of SCHEMA_SINGLES) {
    const sub = schema[keyword];
    if (Array.isArray(sub))
      for (const [index, item] of sub.entries()) visit(item, [...path, keyword, index], found, seen);
    else visit(sub, [...path, keyword], found, seen);
  }
}

/**
 * The places in an OpenAPI document where a schema tree starts.
 * Component schemas come first so that they are reached by their own path.
 * @param {JsonObject} root
 * @returns {Array<{ value: unknown, path: JsonPath }>}
 */
function schemaRoots(root) {
  /** @type {Array<{ value: unknown, path: JsonPath }>} */
  const roots = [];
  const components = isObject(root.components) ? root.components : {};
  for (const [name, schema] of entries(components.schemas))
    roots.push({ value: schema, path: ['components', 'schemas', name] });
  for (const { value, path } of eachParameter(root)) roots.push(...carrierSchemas(value, path));
  for (const [name, header] of entries(components.headers))
    roots.push(...carrierSchemas(header, ['components', 'headers', name]));
  for (const [name, body] of entries(components.requestBodies))
    roots.push(...contentSchemas(body, ['components', 'requestBodies', name]));
  for (const [name, response] of entries(components.responses))
    roots.push(...responseSchemas(response, ['components', 'responses', name]));
  for (const { operation, path } of eachOperation(root)) {
    roots.push(...contentSchemas(operation.requestBody, [...path, 'requestBody']));
    for (const [status, response] of entries(operation.responses)) {
      roots.push(...responseSchemas(response, [...path, 'responses', status]));
    }
  }
  return roots;
}

/**
 * A response's header schemas and media type schemas.
 * @param {unknown} response
 * @param {JsonPath} path
 */
function responseSchemas(response, path) {
  if (!isObject(response)) return [];
  const headers = entries(response.headers).flatMap(([name, header]) =>
    carrierSchemas(header, [...path, 'headers', name]),
  );
  return [...headers, ...contentSchemas(response, path)];
}

/**
 * A parameter's or header's `schema`, or the schemas of its `content`.
 * @param {unknown} carrier
 * @param {JsonPath} path
 */
function carrierSchemas(carrier, path) {
  if (!isObject(carrier)) return [];
  return [{ value: carrier.schema, path: [...path, 'schema'] }, ...contentSchemas(carrier, path)];
}

/**
 * The schema of every media type under `content`.
 * @param {unknown} holder a request body, response, parameter or header
 * @param {JsonPath} path
 */
function contentSchemas(holder, path) {
  if (!isObject(holder)) return [];
  return entries(holder.content).flatMap(([mediaType, media]) =>
    isObject(media) ? [{ value: media.schema, path: [...path, 'content', mediaType, 'schema'] }] : [],
  );
}

/**
 * @param {unknown} map
 * @returns {Array<[string, unknown]>}
 */
function entries(map) {
  return isObject(map) ? Object.entries(map) : [];
}
