// @ts-check
// Every failure answers one shape, `{ message, errors: { field: [string] } }`,
// and every operation documents the failures any call can meet: `401` (bad
// token), `429` (rate limit) and `default` (anything else).
import { createRulesetFunction } from '@stoplight/spectral-core';
import { jsonResponseSchema } from './lib/operation-responses.js';
import { expectProperty, expectRequired, expectType } from './lib/schema-expectations.js';
import { flattenAllOf } from './lib/merge-all-of.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./lib/json-value.js').Located} Located */

const ERROR_STATUSES = ['401', '429', 'default'];

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} operation a resolved Operation Object (given: operations)
   * @returns {IFunctionResult[]}
   */
  function errorResponses(operation, _options, context) {
    return ERROR_STATUSES.flatMap((status) => {
      const body = jsonResponseSchema(operation, context.path, status);
      return body.parts.length === 0 ? body.results : apiErrorShape(body.parts, `${status} response schema`);
    });
  },
);

/**
 * The APIError shape: `{ message: string, errors: { [field]: string[] } }`, both required.
 * @param {Located[]} parts the response schema, flattened
 * @param {string} label
 * @returns {IFunctionResult[]}
 */
function apiErrorShape(parts, label) {
  const results = [...expectType(parts, 'object', label), ...expectRequired(parts, ['message', 'errors'], label)];
  const message = expectProperty(parts, 'message', label);
  results.push(...message.results);
  if (message.parts.length > 0) results.push(...expectType(message.parts, 'string', 'message'));
  const errors = expectProperty(parts, 'errors', label);
  results.push(...errors.results);
  if (errors.parts.length > 0)
    results.push(...expectType(errors.parts, 'object', 'errors'), ...fieldErrorLists(errors.parts));
  return results;
}

/**
 * `errors` maps each field name to a list of messages: `additionalProperties`
 * is an array of strings.
 * @param {Located[]} parts the `errors` schema, flattened
 * @returns {IFunctionResult[]}
 */
function fieldErrorLists(parts) {
  const holder = parts.find(({ value }) => 'additionalProperties' in value);
  const owner = /** @type {Located} */ (parts[0]);
  const lists =
    holder === undefined
      ? []
      : flattenAllOf(holder.value.additionalProperties, [...holder.path, 'additionalProperties']);
  if (lists.length === 0) {
    return [
      {
        message: 'errors must declare additionalProperties: an array of strings',
        path: holder === undefined ? owner.path : [...holder.path, 'additionalProperties'],
      },
    ];
  }
  const listOwner = /** @type {Located} */ (lists[0]);
  const itemsHolder = lists.find(({ value }) => 'items' in value);
  const items = itemsHolder === undefined ? [] : flattenAllOf(itemsHolder.value.items, [...itemsHolder.path, 'items']);
  return [
    ...expectType(lists, 'array', 'errors.additionalProperties'),
    ...(items.length === 0
      ? [{ message: 'errors.additionalProperties must declare items: { type: string }', path: listOwner.path }]
      : expectType(items, 'string', 'errors.additionalProperties.items')),
  ];
}
