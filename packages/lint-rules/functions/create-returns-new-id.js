// @ts-check
// Creating a resource answers `201 { data: { new_id } }` and nothing else,
// so every client reads the new id the same way.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject } from './lib/json-value.js';
import { jsonResponseSchema } from './lib/operation-responses.js';
import { expectProperty, expectRequired, expectType } from './lib/schema-expectations.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} operation a resolved POST Operation Object (given: `$.paths[*].post`)
   * @returns {IFunctionResult[]}
   */
  function createReturnsNewId(operation, _options, context) {
    /** @type {IFunctionResult[]} */
    const results = [];
    if (isObject(operation.responses) && '200' in operation.responses) {
      results.push({
        message: 'POST must not declare a 200 response: creating answers 201',
        path: [...context.path, 'responses', '200'],
      });
    }
    const body = jsonResponseSchema(operation, context.path, '201');
    if (body.parts.length === 0) return [...results, ...body.results];
    results.push(...expectRequired(body.parts, ['data'], '201 response schema'));
    const data = expectProperty(body.parts, 'data', '201 response schema');
    results.push(...data.results);
    if (data.parts.length === 0) return results;
    results.push(...expectType(data.parts, 'object', 'data'), ...expectRequired(data.parts, ['new_id'], 'data'));
    const newId = expectProperty(data.parts, 'new_id', 'data');
    results.push(...newId.results);
    if (newId.parts.length > 0) results.push(...expectType(newId.parts, 'string', 'data.new_id'));
    return results;
  },
);
