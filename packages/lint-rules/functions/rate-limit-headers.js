// @ts-check
// Every response, errors included, carries the rate-limit headers, so clients
// can back off before they hit 429. Names must be spelled as the house style
// writes them (lower case), although HTTP itself ignores case.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject } from './lib/json-value.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} response a resolved Response Object (given: each operation's responses)
   * @returns {IFunctionResult[]}
   */
  function rateLimitHeaders(response, _options, context) {
    const headers = isObject(response.headers) ? response.headers : {};
    const headersPath = [...context.path, 'headers'];
    return RATE_LIMIT_HEADERS.filter((name) => !(name in headers)).map((name) => {
      // A differently-cased name is the same HTTP header but not the house spelling.
      const cased = Object.keys(headers).find((key) => key.toLowerCase() === name);
      return cased === undefined
        ? { message: `response must declare header ${name}`, path: headersPath }
        : { message: `header ${cased} must be spelled ${name} (lower case)`, path: [...headersPath, cased] };
    });
  },
);
