// @ts-check
// The portal's navigation is built from `x-tagGroups`: a tag outside every
// group is invisible, a tag in two groups shows twice, and an operation with
// no tag or several tags lands nowhere or in several places.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject } from './lib/json-value.js';
import { eachOperation } from './lib/walk-openapi.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./lib/json-value.js').JsonObject} JsonObject */
/** @typedef {import('./lib/json-value.js').JsonPath} JsonPath */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} root the resolved document (given: `$`)
   * @returns {IFunctionResult[]}
   */
  function tagsInGroups(root) {
    const declared = declaredTags(root);
    const grouped = groupedTags(root);
    const names = new Set(declared.map(({ name }) => name));
    /** @type {IFunctionResult[]} */
    const results = [];
    for (const { name, path } of declared) {
      const count = grouped.filter((entry) => entry.name === name).length;
      if (count !== 1)
        results.push({ message: `tag ${name} must appear in exactly one x-tagGroups entry (found ${count})`, path });
    }
    for (const { name, path } of grouped) {
      if (!names.has(name)) results.push({ message: `x-tagGroups tag ${name} is not declared in root tags`, path });
    }
    for (const { operation, path } of eachOperation(root)) {
      const tags = Array.isArray(operation.tags) ? operation.tags : [];
      if (tags.length !== 1) {
        results.push({
          message: `operation must have exactly one tag (found ${tags.length})`,
          path: 'tags' in operation ? [...path, 'tags'] : path,
        });
      }
      tags.forEach((tag, index) => {
        if (!names.has(String(tag)))
          results.push({
            message: `operation tag ${String(tag)} is not declared in root tags`,
            path: [...path, 'tags', index],
          });
      });
    }
    return results;
  },
);

/**
 * Names in root `tags`, each with the path of its `name`.
 * @param {JsonObject} root
 * @returns {Array<{ name: string, path: JsonPath }>}
 */
function declaredTags(root) {
  if (!Array.isArray(root.tags)) return [];
  return root.tags.flatMap((tag, index) =>
    isObject(tag) && typeof tag.name === 'string' ? [{ name: tag.name, path: ['tags', index, 'name'] }] : [],
  );
}

/**
 * Every tag listed in any `x-tagGroups[*].tags`, with its path (duplicates kept, to count them).
 * @param {JsonObject} root
 * @returns {Array<{ name: string, path: JsonPath }>}
 */
function groupedTags(root) {
  const groups = root['x-tagGroups'];
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((group, g) =>
    isObject(group) && Array.isArray(group.tags)
      ? group.tags.map((tag, t) => ({ name: String(tag), path: ['x-tagGroups', g, 'tags', t] }))
      : [],
  );
}
