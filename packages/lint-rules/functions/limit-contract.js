// @ts-check
// Every paginated operation, page list or cursor series, takes one `limit`:
// the same bounds and default, so clients and the portal size pages alike.
// One rule for both kinds: a shared `limit` parameter broken once is reported once.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { expectIntegerQueryParameter } from './lib/query-parameter-contract.js';
import { operationsOf } from './lib/walk-openapi.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

const PAGINATED = ['page', 'cursor'];

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} pathItem a resolved Path Item Object (given: `$.paths[*]`)
   * @returns {IFunctionResult[]}
   */
  function limitContract(pathItem, _options, context) {
    return operationsOf(pathItem, context.path)
      .filter(({ operation }) => PAGINATED.includes(/** @type {string} */ (operation['x-pagination'])))
      .flatMap((located) => expectIntegerQueryParameter(located, 'limit', { minimum: 1, maximum: 100, default: 25 }));
  },
);
