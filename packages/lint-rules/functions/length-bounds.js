// @ts-check
// Every string has a maxLength and every array a maxItems (or the value is one
// of a fixed set), so what a client may send, what a server keeps and what an
// answer weighs are bounded in bytes, and the mock can refuse the rest with a 400.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { flattenAllOf } from './lib/merge-all-of.js';
import { eachSchema } from './lib/walk-schemas.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./lib/json-value.js').JsonObject} JsonObject */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} root the resolved document (given: `$`)
   * @returns {IFunctionResult[]}
   */
  function lengthBounds(root) {
    /** @type {IFunctionResult[]} */
    const results = [];
    for (const { value, path } of eachSchema(root)) {
      // The bound may sit on the schema itself or on its allOf members.
      const parts = flattenAllOf(value, path).map((part) => part.value);
      if (parts.some((part) => Array.isArray(part.enum) || 'const' in part)) continue;
      const has = (/** @type {string} */ keyword) => parts.some((part) => typeof part[keyword] === 'number');
      if (allows(value, 'string') && !has('maxLength')) {
        results.push({ message: 'string schema must declare maxLength, or an enum/const', path });
      }
      if (allows(value, 'array') && !has('maxItems')) {
        results.push({ message: 'array schema must declare maxItems, or an enum/const', path });
      }
    }
    return results;
  },
);

/**
 * `type: <type>` or a type list that includes it (e.g. `[string, "null"]`).
 * @param {JsonObject} schema
 * @param {string} type
 * @returns {boolean}
 */
function allows(schema, type) {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}
