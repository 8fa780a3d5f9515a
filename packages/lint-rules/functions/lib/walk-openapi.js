// @ts-check
// Finds operations and parameters in a resolved OpenAPI 3.1 document, each
// with its path, for the rules that look at the whole document (`given: $`)
// or at a whole path item.
// The methods come from @webmon/openapi-core, the one list every reader of the
// bundle uses; the walk stays here because Spectral resolves the document and
// the rules need Spectral's paths, not bundle pointers.
import { HTTP_METHODS } from '@webmon/openapi-core';
import { isObject, isUnresolvedRef } from './json-value.js';

/** @typedef {import('./json-value.js').JsonObject} JsonObject */
/** @typedef {import('./json-value.js').JsonPath} JsonPath */
/** @typedef {import('./json-value.js').Located} Located */
/** @typedef {{ operation: JsonObject, path: JsonPath, method: string, pathItem: JsonObject, pathItemPath: JsonPath }} LocatedOperation */

/**
 * Every operation of one path item.
 * @param {unknown} pathItem
 * @param {JsonPath} pathItemPath
 * @returns {LocatedOperation[]}
 */
export function operationsOf(pathItem, pathItemPath) {
  if (!isObject(pathItem)) return [];
  return HTTP_METHODS.flatMap((method) => {
    const operation = pathItem[method];
    return isObject(operation) ? [{ operation, path: [...pathItemPath, method], method, pathItem, pathItemPath }] : [];
  });
}

/**
 * Every operation under `paths` (webhooks and callbacks are out of scope: the API has none).
 * @param {JsonObject} root
 * @returns {LocatedOperation[]}
 */
export function eachOperation(root) {
  if (!isObject(root.paths)) return [];
  return Object.entries(root.paths).flatMap(([key, pathItem]) => operationsOf(pathItem, ['paths', key]));
}

/**
 * The parameters that apply to an operation: its own, plus the path item's
 * ones it does not override (same `name` and `in`), as OpenAPI defines it.
 * @param {LocatedOperation} located
 * @returns {Located[]}
 */
export function operationParameters({ operation, path, pathItem, pathItemPath }) {
  const own = parameterList(operation.parameters, [...path, 'parameters']);
  const inherited = parameterList(pathItem.parameters, [...pathItemPath, 'parameters']).filter(
    ({ value }) => !own.some((mine) => mine.value.name === value.name && mine.value.in === value.in),
  );
  return [...inherited, ...own];
}

/**
 * The parameter with this name and location, if the operation takes one.
 * @param {Located[]} parameters
 * @param {string} name
 * @param {string} location `query`, `path`, `header` or `cookie`
 * @returns {Located | undefined}
 */
export function findParameter(parameters, name, location) {
  return parameters.find(({ value }) => value.name === name && value.in === location);
}

/**
 * Every parameter object in the document: components, path items, operations.
 * @param {JsonObject} root
 * @returns {Located[]}
 */
export function eachParameter(root) {
  /** @type {Located[]} */
  const found = [];
  const components = isObject(root.components) ? root.components : {};
  if (isObject(components.parameters)) {
    for (const [name, parameter] of Object.entries(components.parameters)) {
      if (isObject(parameter) && !isUnresolvedRef(parameter))
        found.push({ value: parameter, path: ['components', 'parameters', name] });
    }
  }
  if (isObject(root.paths)) {
    for (const [key, pathItem] of Object.entries(root.paths)) {
      if (!isObject(pathItem)) continue;
      found.push(...parameterList(pathItem.parameters, ['paths', key, 'parameters']));
      for (const { operation, path } of operationsOf(pathItem, ['paths', key])) {
        found.push(...parameterList(operation.parameters, [...path, 'parameters']));
      }
    }
  }
  return found;
}

/**
 * @param {unknown} list
 * @param {JsonPath} path
 * @returns {Located[]}
 */
function parameterList(list, path) {
  if (!Array.isArray(list)) return [];
  return list.flatMap((value, index) =>
    isObject(value) && !isUnresolvedRef(value) ? [{ value, path: [...path, index] }] : [],
  );
}
