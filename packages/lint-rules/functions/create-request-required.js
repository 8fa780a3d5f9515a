// @ts-check
// A create call that needs nothing is almost always a spec mistake: the POST
// body schema must say which fields are required (allOf members included), so
// clients and the mock server reject incomplete creates.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject } from './lib/json-value.js';
import { flattenAllOf, requiredNames } from './lib/merge-all-of.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} operation a resolved POST Operation Object (given: `$.paths[*].post`)
   * @returns {IFunctionResult[]}
   */
  function createRequestRequired(operation, _options, context) {
    const body = operation.requestBody;
    const bodyPath = [...context.path, 'requestBody'];
    if (!isObject(body)) {
      return [
        { message: 'POST must declare a request body whose schema lists its required fields', path: [...context.path] },
      ];
    }
    const content = isObject(body.content) ? Object.entries(body.content) : [];
    if (content.length === 0) return [{ message: 'request body must declare content with a schema', path: bodyPath }];
    return content.flatMap(([mediaType, media]) => {
      const mediaPath = [...bodyPath, 'content', mediaType];
      const schema = isObject(media) ? media.schema : undefined;
      const parts = flattenAllOf(schema, [...mediaPath, 'schema']);
      if (parts.length === 0) return [{ message: `request body ${mediaType} must declare a schema`, path: mediaPath }];
      if (requiredNames(parts).size > 0) return [];
      return [
        {
          message: 'POST request body schema must list at least one property in required (allOf members included)',
          path: [...mediaPath, 'schema'],
        },
      ];
    });
  },
);
