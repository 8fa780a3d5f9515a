// @ts-check
// How often a check may run is a business constant per product. Every schema
// of a product (UptimeTest, UptimeTestCreate, SSLTestUpdate, ...) that has a
// `check_rate` must offer exactly that product's rates, whether the enum is
// inline, inherited through allOf, or a $ref to a named enum schema.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { namedComponentSchemas } from './lib/component-schemas.js';
import { enumValues, flattenAllOf, propertyParts, sameJson } from './lib/merge-all-of.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {Record<string, number[]>} RatesByPrefix schema-name prefix to its allowed check rates */

export default createRulesetFunction(
  {
    input: { type: 'object' },
    options: {
      type: 'object',
      minProperties: 1,
      additionalProperties: { type: 'array', items: { type: 'integer' }, minItems: 1 },
    },
  },
  /**
   * @param {Record<string, unknown>} root the resolved document (given: `$`)
   * @param {RatesByPrefix} ratesByPrefix from `functionOptions`
   * @returns {IFunctionResult[]}
   */
  function checkRateEnum(root, ratesByPrefix, context) {
    /** @type {IFunctionResult[]} */
    const results = [];
    // Messages name the product, not the schema: an enum shared through a $ref
    // is then reported once, where it is written, for all schemas using it.
    for (const { name, value, path } of namedComponentSchemas(root, context)) {
      const prefix = productPrefix(name, ratesByPrefix);
      if (prefix === undefined) continue;
      const checkRate = propertyParts(flattenAllOf(value, path), 'check_rate');
      const first = checkRate[0];
      if (first === undefined) continue;
      const expected = /** @type {number[]} */ (ratesByPrefix[prefix]);
      const found = enumValues(checkRate);
      if (found === undefined) {
        results.push({
          message: `check_rate must declare enum ${JSON.stringify(expected)} (the ${prefix} check rates)`,
          path: first.path,
        });
        continue;
      }
      const missing = expected.filter((rate) => !found.values.some((v) => sameJson(v, rate)));
      const extra = found.values.filter((v) => !expected.some((rate) => sameJson(v, rate)));
      if (missing.length === 0 && extra.length === 0) continue;
      const problems = [
        ...(missing.length > 0 ? [`missing ${missing.map((v) => JSON.stringify(v)).join(', ')}`] : []),
        ...(extra.length > 0 ? [`extra ${extra.map((v) => JSON.stringify(v)).join(', ')}`] : []),
      ];
      results.push({
        message: `check_rate enum must be exactly ${JSON.stringify(expected)} (the ${prefix} check rates): ${problems.join('; ')}`,
        path: found.path,
      });
    }
    return results;
  },
);

/**
 * The longest configured prefix the schema name starts with.
 * @param {string} name
 * @param {RatesByPrefix} ratesByPrefix
 * @returns {string | undefined}
 */
function productPrefix(name, ratesByPrefix) {
  return Object.keys(ratesByPrefix)
    .filter((prefix) => name.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
}
