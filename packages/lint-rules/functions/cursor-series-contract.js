// @ts-check
// History-style series (`x-pagination: cursor`) walk back in time with
// `before`/`after` timestamps (`limit`: limit-contract) and answer `{ data, links: { self, next }, metadata }`,
// where `links.next` carries the cursor for the next (older) page.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { jsonResponseSchema } from './lib/operation-responses.js';
import { expectIntegerQueryParameter } from './lib/query-parameter-contract.js';
import { expectKeyword, expectProperty, expectRequired, expectType } from './lib/schema-expectations.js';
import { operationsOf } from './lib/walk-openapi.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./lib/json-value.js').Located} Located */
/** @typedef {import('./lib/walk-openapi.js').LocatedOperation} LocatedOperation */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} pathItem a resolved Path Item Object (given: `$.paths[*]`)
   * @returns {IFunctionResult[]}
   */
  function cursorSeriesContract(pathItem, _options, context) {
    return operationsOf(pathItem, context.path)
      .filter(({ operation }) => operation['x-pagination'] === 'cursor')
      .flatMap((located) => [...cursorParameters(located), ...seriesResponse(located)]);
  },
);

/**
 * @param {LocatedOperation} located
 * @returns {IFunctionResult[]}
 */
function cursorParameters(located) {
  return [
    ...expectIntegerQueryParameter(located, 'before', { minimum: 0 }),
    ...expectIntegerQueryParameter(located, 'after', { minimum: 0 }),
  ];
}

/**
 * @param {LocatedOperation} located
 * @returns {IFunctionResult[]}
 */
function seriesResponse({ operation, path }) {
  const body = jsonResponseSchema(operation, path, '200');
  if (body.parts.length === 0) return body.results;
  const label = '200 response schema';
  const data = expectProperty(body.parts, 'data', label);
  const links = expectProperty(body.parts, 'links', label);
  const metadata = expectProperty(body.parts, 'metadata', label);
  return [
    ...expectRequired(body.parts, ['data', 'links', 'metadata'], label),
    ...data.results,
    ...(data.parts.length > 0 ? expectType(data.parts, 'array', 'data') : []),
    ...links.results,
    ...(links.parts.length > 0 ? linkFields(links.parts) : []),
    ...metadata.results,
    ...(metadata.parts.length > 0 ? expectType(metadata.parts, 'object', 'metadata') : []),
  ];
}

/**
 * `links` is an object with URI strings `self` (required) and `next`.
 * @param {Located[]} parts the `links` schema, flattened
 * @returns {IFunctionResult[]}
 */
function linkFields(parts) {
  const results = [...expectType(parts, 'object', 'links'), ...expectRequired(parts, ['self'], 'links')];
  for (const name of ['self', 'next']) {
    const link = expectProperty(parts, name, 'links');
    results.push(...link.results);
    if (link.parts.length === 0) continue;
    results.push(
      ...expectType(link.parts, 'string', `links.${name}`),
      ...expectKeyword(link.parts, 'format', 'uri', `links.${name}`),
    );
  }
  return results;
}
