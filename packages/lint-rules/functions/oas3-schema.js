// @ts-check
// spectral:oas `oas3-schema`, minus one false positive. Spectral 6's bundled
// OpenAPI 3.1 schema describes each `paths` entry as a Path Item without its
// `$ref` field, so a split source (`/uptime: { $ref: paths/uptime.yaml }`, valid
// 3.1) fails with '"~1uptime" property must not have unevaluated properties'
// (stoplightio/spectral#2655). This rule runs the very same validator on a copy
// of the document whose path items have their `$ref` set aside, so every other
// structural error is still reported, at the same path.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { isObject } from './lib/json-value.js';

/** @typedef {import('./lib/json-value.js').JsonObject} JsonObject */

const validateOasDocument = oas.rules['oas3-schema'].then.function;

export default createRulesetFunction(
  { input: null, options: null },
  /**
   * @param {unknown} document the unresolved root document (`resolved: false`)
   */
  function oas3Schema(document, _options, context) {
    return validateOasDocument(withoutPathItemRefs(document), null, context);
  },
);

/**
 * A shallow copy whose `paths` entries have no `$ref` (the resolver still
 * checks that each reference resolves; the referenced files are linted by
 * the resolved-document rules).
 * @param {unknown} document
 * @returns {unknown}
 */
function withoutPathItemRefs(document) {
  if (!isObject(document) || !isObject(document.paths)) return document;
  /** @type {JsonObject} */
  const paths = {};
  for (const [key, item] of Object.entries(document.paths)) {
    if (isObject(item) && typeof item.$ref === 'string') {
      const { $ref: _ref, ...rest } = item;
      paths[key] = rest;
    } else {
      paths[key] = item;
    }
  }
  return { ...document, paths };
}
