// @ts-check
// Small assertions on a resolved schema (already flattened with flattenAllOf)
// that the contract rules compose. Each returns Spectral results whose message
// names the thing to fix and the value found, e.g.
// "limit must declare maximum: 100 (found 200)".
import { printValue } from './json-value.js';
import { declaredTypes, propertyParts, requiredNames, sameJson } from './merge-all-of.js';

/** @typedef {import('./json-value.js').Located} Located */
/** @typedef {import('./json-value.js').IFunctionResult} IFunctionResult */

/**
 * The property's declarations, or a result saying the property is missing.
 * @param {Located[]} parts the owning schema, flattened (must not be empty)
 * @param {string} name
 * @param {string} label how the owning schema is named in messages
 * @returns {{ parts: Located[], results: IFunctionResult[] }}
 */
export function expectProperty(parts, name, label) {
  const found = propertyParts(parts, name);
  if (found.length > 0) return { parts: found, results: [] };
  const owner = /** @type {Located} */ (parts[0]);
  return {
    parts: [],
    results: [{ message: `${label} must declare property ${name}`, path: [...owner.path, 'properties'] }],
  };
}

/**
 * One result for each name missing from the merged `required` list.
 * @param {Located[]} parts
 * @param {readonly string[]} names
 * @param {string} label
 * @returns {IFunctionResult[]}
 */
export function expectRequired(parts, names, label) {
  const required = requiredNames(parts);
  const owner = /** @type {Located} */ (parts[0]);
  return names
    .filter((name) => !required.has(name))
    .map((name) => ({ message: `${label} must list ${name} in required`, path: [...owner.path, 'required'] }));
}

/**
 * The schema must allow exactly one type (strict: `[array, "null"]` is not `array`).
 * @param {Located[]} parts
 * @param {string} type
 * @param {string} label
 * @returns {IFunctionResult[]}
 */
export function expectType(parts, type, label) {
  const declared = declaredTypes(parts);
  if (declared !== undefined && declared.types.length === 1 && declared.types[0] === type) return [];
  const owner = /** @type {Located} */ (parts[0]);
  const found =
    declared === undefined
      ? 'none'
      : declared.types.length === 1
        ? declared.types[0]
        : `[${declared.types.join(', ')}]`;
  return [{ message: `${label} must declare type: ${type} (found ${found})`, path: declared?.path ?? owner.path }];
}

/**
 * The first part declaring `keyword` must give it exactly `expected`.
 * @param {Located[]} parts
 * @param {string} keyword
 * @param {unknown} expected
 * @param {string} label
 * @returns {IFunctionResult[]}
 */
export function expectKeyword(parts, keyword, expected, label) {
  const holder = parts.find(({ value }) => keyword in value);
  if (holder !== undefined && sameJson(holder.value[keyword], expected)) return [];
  const owner = /** @type {Located} */ (parts[0]);
  return [
    {
      message: `${label} must declare ${keyword}: ${printValue(expected)} (found ${printValue(holder?.value[keyword])})`,
      path: holder === undefined ? owner.path : [...holder.path, keyword],
    },
  ];
}
