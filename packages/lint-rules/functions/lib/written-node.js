// @ts-check
// Reads a node as it is written in its source file, before `$ref` resolution.
// Spectral's resolver replaces `{ $ref, description }` with the referenced
// object and drops the siblings, but OpenAPI 3.1 lets a Reference Object
// override `description` (and JSON Schema 2020-12 allows keywords next to
// `$ref`), so rules that accept such an override look here.
import { isObject } from './json-value.js';

/** @typedef {import('./json-value.js').JsonPath} JsonPath */
/** @typedef {import('./json-value.js').RulesetFunctionContext} RulesetFunctionContext */

/**
 * The value written at `path` of the resolved document: the container is found
 * where Spectral says it is written (in whichever file), and the last segment is
 * read without following a `$ref` there.
 * @param {RulesetFunctionContext} context
 * @param {JsonPath} path a path in the resolved document
 * @returns {unknown}
 */
export function writtenNode(context, path) {
  const last = path[path.length - 1];
  if (last === undefined) return undefined;
  const container = context.documentInventory.findAssociatedItemForPath(path.slice(0, -1), true);
  if (container === null) return undefined;
  /** @type {unknown} */
  let node = container.document.data;
  for (const segment of [...container.path, last]) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[String(segment)];
    else return undefined;
  }
  return node;
}
