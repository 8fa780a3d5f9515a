// @ts-check
// Updates and deletes answer `204` with no body; a 200/201 next to it would
// make generated clients expect a body that never comes.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject } from './lib/json-value.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} operation a resolved PUT or DELETE Operation Object
   * @returns {IFunctionResult[]}
   */
  function updateDeleteNoContent(operation, _options, context) {
    const method = String(context.path[context.path.length - 1]).toUpperCase();
    const responses = isObject(operation.responses) ? operation.responses : {};
    const responsesPath = [...context.path, 'responses'];
    /** @type {IFunctionResult[]} */
    const results = ['200', '201']
      .filter((status) => status in responses)
      .map((status) => ({
        message: `${method} must not declare a ${status} response: it answers 204 with no body`,
        path: [...responsesPath, status],
      }));
    const noContent = responses['204'];
    if (!isObject(noContent)) {
      results.push({ message: `${method} must declare a 204 response`, path: responsesPath });
    } else if ('content' in noContent) {
      results.push({ message: '204 response must not declare content', path: [...responsesPath, '204', 'content'] });
    }
    return results;
  },
);
