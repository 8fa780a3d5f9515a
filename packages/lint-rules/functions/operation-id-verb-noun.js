// @ts-check
// operationIds become method names in generated clients and anchors in the
// portal, so they read as `verb-noun` in kebab-case with one of five verbs:
// list-uptime-tests, get-uptime-test, create-..., update-..., delete-....
import { createRulesetFunction } from '@stoplight/spectral-core';
import { printValue } from './lib/json-value.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

const VERB_NOUN = /^(list|get|create|update|delete)(-[a-z0-9]+)+$/;

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} operation a resolved Operation Object (given: operations)
   * @returns {IFunctionResult[]}
   */
  function operationIdVerbNoun(operation, _options, context) {
    const id = operation.operationId;
    if (id === undefined) {
      return [{ message: 'operation must declare an operationId such as get-uptime-test', path: [...context.path] }];
    }
    if (typeof id === 'string' && VERB_NOUN.test(id)) return [];
    return [
      {
        message: `operationId must be kebab-case and start with list-, get-, create-, update- or delete- (found ${printValue(id)})`,
        path: [...context.path, 'operationId'],
      },
    ];
  },
);
