// @ts-check
// The portal renders descriptions as the documentation itself: every
// component schema, property, parameter and operation needs a non-empty one.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isNonEmptyString, isObject, isUnresolvedRef } from './lib/json-value.js';
import { namedComponentSchemas } from './lib/component-schemas.js';
import { eachOperation, eachParameter } from './lib/walk-openapi.js';
import { eachSchema } from './lib/walk-schemas.js';
import { writtenNode } from './lib/written-node.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./lib/json-value.js').JsonPath} JsonPath */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} root the resolved document (given: `$`)
   * @returns {IFunctionResult[]}
   */
  function descriptionRequired(root, _options, context) {
    /** @type {IFunctionResult[]} */
    const results = [];
    for (const { operation, path, method } of eachOperation(root)) {
      const name =
        typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${path[1]}`;
      results.push(...missingDescription(operation, path, `operation ${name}`));
    }
    for (const { value, path } of eachParameter(root)) {
      results.push(...missingDescription(value, path, `parameter ${String(value.name)}`, referenceAt(context, path)));
    }
    for (const { name, value, path } of namedComponentSchemas(root, context)) {
      results.push(...missingDescription(value, path, `component schema ${name}`));
    }
    for (const { value, path } of eachSchema(root)) {
      if (!isObject(value.properties)) continue;
      for (const [name, property] of Object.entries(value.properties)) {
        if (isUnresolvedRef(property)) continue;
        const propertyPath = [...path, 'properties', name];
        results.push(
          ...missingDescription(property, propertyPath, `property ${name}`, referenceAt(context, propertyPath)),
        );
      }
    }
    return results;
  },
);

/**
 * The Reference Object written at `path`, if the node is written as a `$ref`.
 * OpenAPI 3.1 lets a reference override the target's `description`, but
 * Spectral's resolver drops `$ref` siblings, so it is read from the source.
 * @param {import('./lib/json-value.js').RulesetFunctionContext} context
 * @param {JsonPath} path
 * @returns {import('./lib/json-value.js').JsonObject | undefined}
 */
function referenceAt(context, path) {
  const written = writtenNode(context, path);
  return isObject(written) && typeof written.$ref === 'string' ? written : undefined;
}

/**
 * One result when neither the node nor the reference it is written as has a
 * non-empty description. Component schemas pass no reference: they must
 * describe themselves.
 * @param {unknown} holder the resolved node
 * @param {JsonPath} path
 * @param {string} label
 * @param {import('./lib/json-value.js').JsonObject} [reference] the `{ $ref, description? }` written at `path`
 * @returns {IFunctionResult[]}
 */
function missingDescription(holder, path, label, reference) {
  if (isObject(holder) && isNonEmptyString(holder.description)) return [];
  if (reference !== undefined && isNonEmptyString(reference.description)) return [];
  const hint = reference === undefined ? '' : ' (next to its $ref, or on the referenced object)';
  const hasKey = isObject(holder) && 'description' in holder;
  return [
    { message: `${label} must have a non-empty description${hint}`, path: hasKey ? [...path, 'description'] : path },
  ];
}
