// @ts-check
// Every paginated operation, page list or cursor series, takes one `limit`:
// an integer with a minimum, a maximum and a default, the same for all of
// them, so clients and the portal size pages alike. The values are the
// spec's (one shared `limit` parameter): this rule holds the lists to one
// limit, it does not re-type it. A shared limit broken once is reported once
// (Spectral reports a finding once per place in the sources).
import { createRulesetFunction } from '@stoplight/spectral-core';
import { printValue } from './lib/json-value.js';
import { sameJson } from './lib/merge-all-of.js';
import { integerQueryParameter } from './lib/query-parameter-contract.js';
import { operationsOf } from './lib/walk-openapi.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./lib/json-value.js').Located} Located */

const PAGINATED = ['page', 'cursor'];
const KEYWORDS = ['minimum', 'maximum', 'default'];

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} root the resolved document (given: `$`)
   * @returns {IFunctionResult[]}
   */
  function limitContract(root) {
    /** @type {IFunctionResult[]} */
    const results = [];
    /** The first paginated operation's limit: the one every other must equal. @type {{ where: string, values: Record<string, unknown> } | undefined} */
    let agreed;
    const paths = /** @type {Record<string, unknown>} */ (root.paths ?? {});
    for (const [path, pathItem] of Object.entries(paths)) {
      for (const located of operationsOf(pathItem, ['paths', path])) {
        if (!PAGINATED.includes(/** @type {string} */ (located.operation['x-pagination']))) continue;
        const { parts, results: typeProblems } = integerQueryParameter(located, 'limit');
        results.push(...typeProblems);
        if (parts === undefined) continue;
        /** @type {Record<string, unknown>} */
        const values = {};
        /** @type {Record<string, Located | undefined>} */
        const holders = {};
        for (const keyword of KEYWORDS) {
          const holder = parts.find(({ value }) => keyword in value);
          holders[keyword] = holder;
          if (holder === undefined) {
            results.push({ message: `limit must declare ${keyword}`, path: /** @type {Located} */ (parts[0]).path });
          } else values[keyword] = holder.value[keyword];
        }
        if (typeProblems.length || Object.keys(values).length < KEYWORDS.length) continue;
        const where = `${located.method.toUpperCase()} ${path}`;
        if (!agreed) {
          agreed = { where, values };
          continue;
        }
        for (const keyword of KEYWORDS) {
          if (sameJson(values[keyword], agreed.values[keyword])) continue;
          results.push({
            message: `limit declares ${keyword}: ${printValue(values[keyword])}, but ${printValue(agreed.values[keyword])} on ${agreed.where}: one limit for every list, referenced by each`,
            path: [.../** @type {Located} */ (holders[keyword]).path, keyword],
          });
        }
      }
    }
    return results;
  },
);
