// @ts-check
// The pagination rules check integer query parameters (`page`, `before`,
// `after` pinned to exact bounds and defaults; `limit` held to one for every
// list): finding one and its integer schema is this module's.
import { flattenAllOf } from './merge-all-of.js';
import { expectKeyword, expectType } from './schema-expectations.js';
import { findParameter, operationParameters } from './walk-openapi.js';

/** @typedef {import('./json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./walk-openapi.js').LocatedOperation} LocatedOperation */
/** @typedef {import('./json-value.js').Located} Located */

/**
 * The operation's query parameter `name` (its own or its path item's), its
 * schema flattened, and what is wrong with it so far: missing, no schema, not
 * `type: integer`. `parts` is undefined when there is no schema to read.
 * @param {LocatedOperation} located
 * @param {string} name
 * @returns {{ parts: Located[] | undefined, results: IFunctionResult[] }}
 */
export function integerQueryParameter(located, name) {
  const parameter = findParameter(operationParameters(located), name, 'query');
  if (parameter === undefined) {
    return {
      parts: undefined,
      results: [{ message: `operation must take query parameter ${name}`, path: [...located.path, 'parameters'] }],
    };
  }
  const parts = flattenAllOf(parameter.value.schema, [...parameter.path, 'schema']);
  if (parts.length === 0)
    return { parts: undefined, results: [{ message: `${name} must declare a schema`, path: parameter.path }] };
  return { parts, results: expectType(parts, 'integer', name) };
}

/**
 * The operation takes query parameter `name`, whose schema is `type: integer`
 * with exactly the given keyword values.
 * @param {LocatedOperation} located
 * @param {string} name
 * @param {Readonly<Record<string, number>>} keywords e.g. `{ minimum: 1, default: 1 }`
 * @returns {IFunctionResult[]}
 */
export function expectIntegerQueryParameter(located, name, keywords) {
  const { parts, results } = integerQueryParameter(located, name);
  if (parts === undefined) return results;
  return [
    ...results,
    ...Object.entries(keywords).flatMap(([keyword, value]) => expectKeyword(parts, keyword, value, name)),
  ];
}
