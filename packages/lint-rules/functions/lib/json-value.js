// @ts-check
// Guards and printing for plain JSON values, shared by every rule function.

/** @typedef {Record<string, unknown>} JsonObject */
/** @typedef {Array<string | number>} JsonPath */
/** A value found in the resolved document, with the path it was found at. */
/** @typedef {{ value: JsonObject, path: JsonPath }} Located */
/** @typedef {import('@stoplight/spectral-core').IFunctionResult} IFunctionResult */
/** @typedef {import('@stoplight/spectral-core').RulesetFunctionContext} RulesetFunctionContext */

/**
 * True for a plain object (not an array, not null).
 * @param {unknown} value
 * @returns {value is JsonObject}
 */
export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True for a string with at least one non-blank character.
 * @param {unknown} value
 * @returns {value is string}
 */
export function isNonEmptyString(value) {
  return typeof value === 'string' && value.trim().length > 0;
}

/**
 * An object left as `{ $ref }` after resolution: a circular or unresolvable
 * reference. Rules skip these rather than report the `$ref` stub itself.
 * @param {unknown} value
 * @returns {boolean}
 */
export function isUnresolvedRef(value) {
  return isObject(value) && typeof value.$ref === 'string';
}

/**
 * Prints a found value for a message: `200`, `"page"`, `[1,2]`, or `none`.
 * @param {unknown} value
 * @returns {string}
 */
export function printValue(value) {
  return value === undefined ? 'none' : JSON.stringify(value);
}
