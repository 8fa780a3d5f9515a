// @ts-check
// Every integer is bounded on both sides (or is one of a fixed set), so
// clients, the mock server and validators agree on the range and nobody has to
// guess whether a value may be negative or overflow 32 bits.
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
  function integerBounds(root) {
    /** @type {IFunctionResult[]} */
    const results = [];
    for (const { value, path } of eachSchema(root)) {
      if (!allowsInteger(value)) continue;
      // Bounds may sit on the schema itself or on its allOf members.
      const parts = flattenAllOf(value, path).map((part) => part.value);
      if (parts.some((part) => Array.isArray(part.enum) || 'const' in part)) continue;
      const missing = [];
      if (!parts.some((part) => typeof part.minimum === 'number' || typeof part.exclusiveMinimum === 'number')) {
        missing.push('a lower bound (minimum or exclusiveMinimum)');
      }
      if (!parts.some((part) => typeof part.maximum === 'number' || typeof part.exclusiveMaximum === 'number')) {
        missing.push('an upper bound (maximum or exclusiveMaximum)');
      }
      if (missing.length > 0) {
        results.push({ message: `integer schema must declare ${missing.join(' and ')}, or an enum/const`, path });
      }
    }
    return results;
  },
);

/**
 * `type: integer` or a type list that includes it (e.g. `[integer, "null"]`).
 * @param {JsonObject} schema
 * @returns {boolean}
 */
function allowsInteger(schema) {
  return schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
}
