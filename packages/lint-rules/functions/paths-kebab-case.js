// @ts-check
// URLs read the same everywhere: literal segments are kebab-case
// (`/contact-groups`) and template segments are one whole `{snake_case}`
// parameter (`/{group_id}`), matching the snake_case parameter names.
import { createRulesetFunction } from '@stoplight/spectral-core';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

const LITERAL = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TEMPLATE = /^\{[a-z][a-z0-9]*(_[a-z0-9]+)*\}$/;

export default createRulesetFunction(
  { input: { type: 'string' }, options: null },
  /**
   * @param {string} pathKey a key of `paths` (given: `$.paths`, field: `@key`)
   * @returns {IFunctionResult[]}
   */
  function pathsKebabCase(pathKey) {
    // "/" alone has no segments; a trailing slash is left to spectral:oas path-keys-no-trailing-slash.
    const body = pathKey.replace(/^\//, '').replace(/\/$/, '');
    const segments = body === '' ? [] : body.split('/');
    const bad = segments.filter((segment) =>
      segment.startsWith('{') ? !TEMPLATE.test(segment) : !LITERAL.test(segment),
    );
    if (!pathKey.startsWith('/')) bad.unshift('(no leading /)');
    if (bad.length === 0) return [];
    return [
      {
        message: `path ${pathKey} has segments that are neither kebab-case nor {snake_case}: ${bad.map((s) => JSON.stringify(s)).join(', ')}`,
      },
    ];
  },
);
