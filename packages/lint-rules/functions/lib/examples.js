// @ts-check
// What counts as an example, for the rules that require them.
import { isObject } from './json-value.js';

/**
 * A parameter's or media type's `example`, or a non-empty `examples` map.
 * @param {unknown} holder
 * @returns {boolean}
 */
export function hasOasExample(holder) {
  return (
    isObject(holder) && ('example' in holder || (isObject(holder.examples) && Object.keys(holder.examples).length > 0))
  );
}
