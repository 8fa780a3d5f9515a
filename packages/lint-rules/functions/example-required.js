// @ts-check
// Examples feed the portal, the mock server and the generated client docs.
// Every component schema, parameter, request body media type and 2xx response
// media type carries one; whether it is valid is spectral:oas's job
// (oas3-valid-media-example, oas3-valid-schema-example).
import { createRulesetFunction } from '@stoplight/spectral-core';
import { hasOasExample } from './lib/examples.js';
import { isObject } from './lib/json-value.js';
import { namedComponentSchemas } from './lib/component-schemas.js';
import { eachOperation, eachParameter } from './lib/walk-openapi.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./lib/json-value.js').JsonObject} JsonObject */
/** @typedef {import('./lib/json-value.js').JsonPath} JsonPath */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} root the resolved document (given: `$`)
   * @returns {IFunctionResult[]}
   */
  function exampleRequired(root, _options, context) {
    /** @type {IFunctionResult[]} */
    const results = [];
    for (const { name, value, path } of namedComponentSchemas(root, context)) {
      if (!hasSchemaExample(value))
        results.push({ message: `component schema ${name} must have an example (or examples)`, path });
    }
    for (const { value, path } of eachParameter(root)) {
      if (!parameterHasExample(value)) {
        results.push({
          message: `parameter ${String(value.name)} must have an example (or examples), on the parameter or its schema`,
          path,
        });
      }
    }
    for (const { operation, path } of eachOperation(root)) {
      results.push(...mediaWithoutExample(operation.requestBody, [...path, 'requestBody'], 'request body'));
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        if (/^2\d\d$/.test(status))
          results.push(...mediaWithoutExample(response, [...path, 'responses', status], `${status} response`));
      }
    }
    return results;
  },
);

/**
 * A schema's `example`, or a non-empty JSON Schema `examples` list.
 * @param {unknown} schema
 * @returns {boolean}
 */
function hasSchemaExample(schema) {
  return isObject(schema) && ('example' in schema || (Array.isArray(schema.examples) && schema.examples.length > 0));
}

/**
 * @param {JsonObject} parameter
 * @returns {boolean}
 */
function parameterHasExample(parameter) {
  if (hasOasExample(parameter) || hasSchemaExample(parameter.schema)) return true;
  // A parameter described through `content` carries its example on the media type.
  return isObject(parameter.content) && Object.values(parameter.content).some(hasOasExample);
}

/**
 * One result per media type under `holder.content` that has no example.
 * @param {unknown} holder a request body or a response
 * @param {JsonPath} path
 * @param {string} label
 * @returns {IFunctionResult[]}
 */
function mediaWithoutExample(holder, path, label) {
  if (!isObject(holder) || !isObject(holder.content)) return [];
  return Object.entries(holder.content)
    .filter(([, media]) => !hasOasExample(media))
    .map(([mediaType]) => ({
      message: `${label} media type ${mediaType} must have an example (or examples)`,
      path: [...path, 'content', mediaType],
    }));
}
