// @ts-check
// Ids in paths are opaque strings (`/uptime/{test_id}`), even when they look
// numeric, so clients never do arithmetic on them or lose leading zeros.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject, printValue } from './lib/json-value.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} parameter a resolved Parameter Object (given: every parameter list and components.parameters)
   * @returns {IFunctionResult[]}
   */
  function pathParamsString(parameter, _options, context) {
    if (parameter.in !== 'path') return [];
    const name = String(parameter.name);
    if (!isObject(parameter.schema)) {
      return [{ message: `path parameter ${name} must declare schema.type: string`, path: [...context.path] }];
    }
    const type = parameter.schema.type;
    if (type === 'string') return [];
    return [
      {
        message: `path parameter ${name} must declare schema.type: string (found ${printValue(type)})`,
        path: [...context.path, 'schema', ...(type === undefined ? [] : ['type'])],
      },
    ];
  },
);
