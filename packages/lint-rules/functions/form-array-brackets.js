// @ts-check
// Form bodies send arrays in the bracket form, one pair per value
// (`tags[]=web&tags[]=eu`). Generators only know that from the media type's
// `x-form-array-style: brackets` and from an `encoding` entry per array
// property (`style: form`, `explode: true`), so both must be there.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject } from './lib/json-value.js';
import { declaredTypes, flattenAllOf, propertyNames, propertyParts } from './lib/merge-all-of.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} media a resolved `application/x-www-form-urlencoded` Media Type Object
   * @returns {IFunctionResult[]}
   */
  function formArrayBrackets(media, _options, context) {
    const parts = flattenAllOf(media.schema, [...context.path, 'schema']);
    const arrays = propertyNames(parts).filter((name) =>
      declaredTypes(propertyParts(parts, name))?.types.includes('array'),
    );
    if (arrays.length === 0) return [];
    /** @type {IFunctionResult[]} */
    const results = [];
    if (media['x-form-array-style'] !== 'brackets') {
      results.push({
        message: `media type must declare x-form-array-style: brackets (it has array properties: ${arrays.join(', ')})`,
        path: 'x-form-array-style' in media ? [...context.path, 'x-form-array-style'] : [...context.path],
      });
    }
    const encoding = isObject(media.encoding) ? media.encoding : {};
    for (const name of arrays) {
      const entry = encoding[name];
      const entryPath = [...context.path, 'encoding', name];
      if (!isObject(entry)) {
        results.push({
          message: `encoding must have an entry for array property ${name} with style: form and explode: true`,
          path: [...context.path, 'encoding'],
        });
        continue;
      }
      if (entry.style !== 'form')
        results.push({ message: `encoding.${name} must declare style: form`, path: [...entryPath, 'style'] });
      if (entry.explode !== true)
        results.push({ message: `encoding.${name} must declare explode: true`, path: [...entryPath, 'explode'] });
    }
    return results;
  },
);
