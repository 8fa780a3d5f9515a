// @ts-check
// Page-numbered lists (`x-pagination: page`) all take `page` (`limit`: limit-contract) and
// answer `{ data: [...], metadata: { page, per_page, page_count, total_count } }`,
// so generated clients and the portal can page through any list the same way.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { jsonResponseSchema } from './lib/operation-responses.js';
import { expectIntegerQueryParameter } from './lib/query-parameter-contract.js';
import { expectProperty, expectRequired, expectType } from './lib/schema-expectations.js';
import { operationsOf } from './lib/walk-openapi.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./lib/walk-openapi.js').LocatedOperation} LocatedOperation */

const METADATA_FIELDS = ['page', 'per_page', 'page_count', 'total_count'];

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} pathItem a resolved Path Item Object (given: `$.paths[*]`)
   * @returns {IFunctionResult[]}
   */
  function pageListContract(pathItem, _options, context) {
    return operationsOf(pathItem, context.path)
      .filter(({ operation }) => operation['x-pagination'] === 'page')
      .flatMap((located) => [...pageParameters(located), ...pageResponse(located)]);
  },
);

/**
 * @param {LocatedOperation} located
 * @returns {IFunctionResult[]}
 */
function pageParameters(located) {
  return expectIntegerQueryParameter(located, 'page', { minimum: 1, default: 1 });
}

/**
 * @param {LocatedOperation} located
 * @returns {IFunctionResult[]}
 */
function pageResponse({ operation, path }) {
  const body = jsonResponseSchema(operation, path, '200');
  if (body.parts.length === 0) return body.results;
  const data = expectProperty(body.parts, 'data', '200 response schema');
  const metadata = expectProperty(body.parts, 'metadata', '200 response schema');
  return [
    ...expectRequired(body.parts, ['data', 'metadata'], '200 response schema'),
    ...data.results,
    ...(data.parts.length > 0 ? expectType(data.parts, 'array', 'data') : []),
    ...metadata.results,
    ...(metadata.parts.length > 0 ? metadataFields(metadata.parts) : []),
  ];
}

/**
 * @param {import('./lib/json-value.js').Located[]} parts the `metadata` schema, flattened
 * @returns {IFunctionResult[]}
 */
function metadataFields(parts) {
  const results = [...expectType(parts, 'object', 'metadata'), ...expectRequired(parts, METADATA_FIELDS, 'metadata')];
  for (const name of METADATA_FIELDS) {
    const field = expectProperty(parts, name, 'metadata');
    results.push(...field.results);
    if (field.parts.length > 0) results.push(...expectType(field.parts, 'integer', `metadata.${name}`));
  }
  return results;
}
