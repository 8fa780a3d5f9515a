// @ts-check
// An agent learns what an operation answers from an example of the answer.
// example-required covers 2xx bodies; an update or delete answers 204 with
// no body, so what it can show is its failures: every error response that has
// a body carries an example, and every operation has at least one example
// answer. A shared response (a $ref) counts for every operation that uses it.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { hasOasExample } from './lib/examples.js';
import { isObject } from './lib/json-value.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} operation a resolved Operation Object
   * @returns {IFunctionResult[]}
   */
  function operationResponseExample(operation, _options, context) {
    const responses = isObject(operation.responses) ? operation.responses : {};
    const responsesPath = [...context.path, 'responses'];
    /** @type {IFunctionResult[]} */
    const results = [];
    let examples = 0;
    for (const [status, response] of Object.entries(responses)) {
      if (!isObject(response) || !isObject(response.content)) continue;
      for (const [mediaType, media] of Object.entries(response.content)) {
        if (hasOasExample(media)) examples++;
        // 2xx bodies are example-required's; this rule adds the error answers.
        else if (!/^2\d\d$/.test(status))
          results.push({
            message: `${status} response media type ${mediaType} must have an example (or examples)`,
            path: [...responsesPath, status, 'content', mediaType],
          });
      }
    }
    if (examples === 0 && results.length === 0)
      results.push({
        message: 'the operation must show an example answer: no response has a media type with an example',
        path: responsesPath,
      });
    return results;
  },
);
