// @ts-check
// Finds the named component schemas of a resolved document, whichever way its
// source is laid out. After resolution a schema's name is gone, so it is read
// back from where Spectral says the schema is written:
//  - `components.schemas.<Name>` of the root document (inline or a `$ref`),
//  - `#/components/schemas/<Name>` of any referenced document,
//  - the whole of a file in a `schemas/` folder, named after the file
//    (`components/schemas/UptimeTest.yaml` is `UptimeTest`): the split-source
//    layout, where the root does not have to list `components.schemas` at all.
import { eachSchema } from './walk-schemas.js';

/** @typedef {import('./json-value.js').JsonObject} JsonObject */
/** @typedef {import('./json-value.js').JsonPath} JsonPath */
/** @typedef {import('./json-value.js').RulesetFunctionContext} RulesetFunctionContext */
/** @typedef {{ name: string, value: JsonObject, path: JsonPath }} NamedSchema */

/** A schema file in a `schemas` folder (at any depth below it); group 1 is the name. */
const SCHEMA_FILE = /(?:^|[\\/])schemas[\\/](?:.*[\\/])?([^\\/]+)\.(?:ya?ml|json)$/;

/**
 * Every named component schema reachable from the root, each once (first name wins).
 * Schema files nothing references are not loaded by Spectral and so not listed.
 * @param {JsonObject} root the resolved root document
 * @param {RulesetFunctionContext} context
 * @returns {NamedSchema[]}
 */
export function namedComponentSchemas(root, context) {
  /** @type {Map<string, NamedSchema>} */
  const named = new Map();
  for (const { value, path } of eachSchema(root)) {
    const name = componentName(path, context);
    if (name !== undefined && !named.has(name)) named.set(name, { name, value, path });
  }
  return [...named.values()];
}

/**
 * The component name of the schema found at `path` of the resolved root, if it is one.
 * @param {JsonPath} path
 * @param {RulesetFunctionContext} context
 * @returns {string | undefined}
 */
function componentName(path, context) {
  const direct = componentKey(path);
  if (direct !== undefined) return direct;
  const written = context.documentInventory.findAssociatedItemForPath(path, true);
  if (written === null) return undefined;
  const key = componentKey(written.path);
  if (key !== undefined) return key;
  const source = written.document.source;
  if (written.path.length > 0 || source === null || source === context.document.source) return undefined;
  return SCHEMA_FILE.exec(source)?.[1];
}

/**
 * `Name` for the path `components.schemas.Name`, else undefined.
 * @param {JsonPath} path
 * @returns {string | undefined}
 */
function componentKey(path) {
  return path.length === 3 && path[0] === 'components' && path[1] === 'schemas' ? String(path[2]) : undefined;
}
