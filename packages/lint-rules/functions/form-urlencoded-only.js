// @ts-check
// The API reads request bodies as `application/x-www-form-urlencoded` only;
// documenting any other media type would promise something the server rejects.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject } from './lib/json-value.js';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */

const FORM = 'application/x-www-form-urlencoded';

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} requestBody a resolved Request Body Object (given: each operation's requestBody)
   * @returns {IFunctionResult[]}
   */
  function formUrlencodedOnly(requestBody, _options, context) {
    const content = isObject(requestBody.content) ? requestBody.content : {};
    const contentPath = [...context.path, 'content'];
    /** @type {IFunctionResult[]} */
    const results = Object.keys(content)
      .filter((mediaType) => mediaType !== FORM)
      .map((mediaType) => ({
        message: `request body must not offer ${mediaType}: only ${FORM} is accepted`,
        path: [...contentPath, mediaType],
      }));
    if (!(FORM in content)) results.push({ message: `request body content must be ${FORM}`, path: contentPath });
    return results;
  },
);
