// @ts-check
// The pagination rules both pin integer query parameters (`page`, `limit`,
// `before`, `after`) to exact bounds and defaults; this is that check.
import { flattenAllOf } from './merge-all-of.js';
import { expectKeyword, expectType } from './schema-expectations.js';
import { findParameter, operationParameters } from './walk-openapi.js';

/** @typedef {import('./json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./walk-openapi.js').LocatedOperation} LocatedOperation */

/**
 * The operation takes query parameter `name` (its own or its path item's), whose
 * schema is `type: integer` with exactly the given keyword values.
 * @param {LocatedOperation} located
 * @param {string} name
 * @param {Readonly<Record<string, number>>} keywords e.g. `{ minimum: 1, maximum: 100, default: 25 }`
 * @returns {IFunctionResult[]}
 */
export function expectIntegerQueryParameter(located, name, keywords) {
  const parameter = findParameter(operationParameters(located), name, 'query');
  if (parameter === undefined) {
    return [{ message: `operation must take query parameter ${name}`, path: [...located.path, 'parameters'] }];
  }
  const parts = flattenAllOf(parameter.value.schema, [...parameter.path, 'schema']);
  if (parts.length === 0) return [{ message: `${name} must declare a schema`, path: parameter.path }];
  return [
    ...expectType(parts, 'integer', name),
    ...Object.entries(keywords).flatMap(([keyword, value]) => expectKeyword(parts, keyword, value, name)),
  ];
}
