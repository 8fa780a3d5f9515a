// @ts-check
// How often a check may run is one list per product, written once in the
// spec: every schema of a product (UptimeTest, UptimeTestCreate,
// SSLTestUpdate, ...) that has a `check_rate` offers the same integer rates,
// whether the enum is inline, inherited through allOf, or a $ref to a named
// enum schema (the usual way: one enum file per product). The rates are the
// spec's: this rule holds them together, it does not re-type them (a new rate
// is one edit, in the enum).
import { createRulesetFunction } from '@stoplight/spectral-core';
import { namedComponentSchemas } from './lib/component-schemas.js';
import { enumValues, flattenAllOf, propertyParts, sameJson } from './lib/merge-all-of.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

export default createRulesetFunction(
  {
    input: { type: 'object' },
    options: {
      type: 'object',
      properties: { products: { type: 'array', items: { type: 'string' }, minItems: 1 } },
      required: ['products'],
      additionalProperties: false,
    },
  },
  /**
   * @param {Record<string, unknown>} root the resolved document (given: `$`)
   * @param {{ products: string[] }} options schema-name prefixes, one per product
   * @returns {IFunctionResult[]}
   */
  function checkRateEnum(root, { products }, context) {
    /** @type {IFunctionResult[]} */
    const results = [];
    /** The first schema of each product with a valid enum: the one the others must offer alike. @type {Map<string, { name: string, values: unknown[] }>} */
    const reference = new Map();
    // An enum shared through a $ref gets the same message from each schema
    // using it: Spectral reports it once, where it is written.
    for (const { name, value, path } of namedComponentSchemas(root, context)) {
      const product = productOf(name, products);
      if (product === undefined) continue;
      const checkRate = propertyParts(flattenAllOf(value, path), 'check_rate');
      const first = checkRate[0];
      if (first === undefined) continue;
      const found = enumValues(checkRate);
      if (found === undefined) {
        results.push({ message: `check_rate must declare an enum of the ${product} check rates`, path: first.path });
        continue;
      }
      const notIntegers = found.values.filter((v) => !Number.isInteger(v));
      if (notIntegers.length) {
        results.push({
          message: `check_rate rates are whole numbers of seconds, not ${notIntegers.map((v) => JSON.stringify(v)).join(', ')}`,
          path: found.path,
        });
        continue;
      }
      const agreed = reference.get(product);
      if (!agreed) {
        reference.set(product, { name, values: found.values });
        continue;
      }
      const missing = agreed.values.filter((rate) => !found.values.some((v) => sameJson(v, rate)));
      const extra = found.values.filter((v) => !agreed.values.some((rate) => sameJson(v, rate)));
      if (missing.length === 0 && extra.length === 0) continue;
      const differences = [
        ...(missing.length > 0 ? [`missing ${missing.map((v) => JSON.stringify(v)).join(', ')}`] : []),
        ...(extra.length > 0 ? [`extra ${extra.map((v) => JSON.stringify(v)).join(', ')}`] : []),
      ];
      results.push({
        message: `check_rate offers other ${product} check rates than ${agreed.name} (${differences.join('; ')}): one enum per product, referenced by each schema`,
        path: found.path,
      });
    }
    return results;
  },
);

/**
 * The longest product prefix the schema name starts with.
 * @param {string} name
 * @param {string[]} products
 * @returns {string | undefined}
 */
function productOf(name, products) {
  return products.filter((prefix) => name.startsWith(prefix)).sort((a, b) => b.length - a.length)[0];
}
