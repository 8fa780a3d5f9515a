// @ts-check
// Respect, the recipe pages and the MCP server judge a step by its success
// criteria; without any, a step "passes" on a 500.
import { createRulesetFunction } from '@stoplight/spectral-core';

/** @typedef {import('../../functions/lib/json-value.js').IFunctionResult} IFunctionResult */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} step an Arazzo Step Object
   * @returns {IFunctionResult[]}
   */
  function arazzoStepSuccessCriteria(step, _options, context) {
    if (Array.isArray(step.successCriteria) && step.successCriteria.length > 0) return [];
    return [
      {
        message: `step ${String(step.stepId)} must have successCriteria (at least one, e.g. the status code it expects)`,
        path: [...context.path],
      },
    ];
  },
);
