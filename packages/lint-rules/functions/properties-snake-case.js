// @ts-check
// Property names are snake_case in every schema, components and inline alike,
// because the wire format is snake_case (`per_page`, `check_rate`, `new_id`).
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject } from './lib/json-value.js';
import { eachSchema } from './lib/walk-schemas.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} root the resolved document (given: `$`)
   * @returns {IFunctionResult[]}
   */
  function propertiesSnakeCase(root) {
    return eachSchema(root).flatMap(({ value, path }) =>
      Object.keys(isObject(value.properties) ? value.properties : {})
        .filter((name) => !SNAKE_CASE.test(name))
        .map((name) => ({
          message: `property ${name} must be snake_case (${SNAKE_CASE.source})`,
          path: [...path, 'properties', name],
        })),
    );
  },
);
