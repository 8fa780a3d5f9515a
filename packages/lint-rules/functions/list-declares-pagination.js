// @ts-check
// Every list says how it pages, so generators and the portal never guess:
// `page` (page numbers), `cursor` (history-style series) or `none` (the whole
// list in one answer). Any other value is a typo the contract rules would
// silently skip, so it is an error wherever it appears.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { printValue } from './lib/json-value.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

const STYLES = ['page', 'cursor', 'none'];

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} operation a resolved Operation Object (given: operations)
   * @returns {IFunctionResult[]}
   */
  function listDeclaresPagination(operation, _options, context) {
    const style = operation['x-pagination'];
    if (style !== undefined && !STYLES.includes(/** @type {string} */ (style))) {
      return [
        {
          message: `x-pagination must be one of page, cursor, none (found ${printValue(style)})`,
          path: [...context.path, 'x-pagination'],
        },
      ];
    }
    const id = operation.operationId;
    if (style === undefined && typeof id === 'string' && id.startsWith('list-')) {
      return [
        { message: `list operation ${id} must declare x-pagination: page, cursor or none`, path: [...context.path] },
      ];
    }
    return [];
  },
);
