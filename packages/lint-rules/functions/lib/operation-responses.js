// @ts-check
// Reads the JSON schema an operation answers with for one status code.
import { isObject } from './json-value.js';
import { flattenAllOf } from './merge-all-of.js';

/** @typedef {import('./json-value.js').JsonObject} JsonObject */
/** @typedef {import('./json-value.js').JsonPath} JsonPath */
/** @typedef {import('./json-value.js').Located} Located */
/** @typedef {import('./json-value.js').IFunctionResult} IFunctionResult */

/**
 * The `application/json` schema of the operation's response for `status`,
 * flattened with its `allOf` members; or one result saying what is missing.
 * Messages do not name the operation: the response may be a shared component
 * and Spectral reports it where it is written.
 * @param {JsonObject} operation
 * @param {JsonPath} operationPath
 * @param {string} status e.g. `200`, `201`, `default`
 * @returns {{ parts: Located[], results: IFunctionResult[] }}
 */
export function jsonResponseSchema(operation, operationPath, status) {
  const responses = isObject(operation.responses) ? operation.responses : undefined;
  const response = responses?.[status];
  if (!isObject(response)) {
    return fail(`operation must declare a ${status} response`, [...operationPath, 'responses']);
  }
  const responsePath = [...operationPath, 'responses', status];
  const media = isObject(response.content) ? response.content['application/json'] : undefined;
  if (!isObject(media)) {
    return fail(`${status} response must have application/json content`, responsePath);
  }
  const mediaPath = [...responsePath, 'content', 'application/json'];
  const parts = flattenAllOf(media.schema, [...mediaPath, 'schema']);
  if (parts.length === 0) {
    return fail(`${status} response application/json content must declare a schema`, mediaPath);
  }
  return { parts, results: [] };
}

/**
 * @param {string} message
 * @param {JsonPath} path
 * @returns {{ parts: Located[], results: IFunctionResult[] }}
 */
function fail(message, path) {
  return { parts: [], results: [{ message, path }] };
}
