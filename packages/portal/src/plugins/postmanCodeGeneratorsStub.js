// @ts-check
/**
 * Stand-in for `postman-code-generators` in the browser bundle (see
 * slimApiBundle.ts): no generated languages, and no generated snippet. The
 * reference's samples are the spec's x-codeSamples.
 */
module.exports = {
  getLanguageList() {
    return [];
  },
  /**
   * @param {string} _language
   * @param {string} _variant
   * @param {unknown} _request
   * @param {unknown} _options
   * @param {(error: Error | null, snippet?: string) => void} callback
   */
  convert(_language, _variant, _request, _options, callback) {
    callback(new Error('Generated snippets are off: the reference shows x-codeSamples.'));
  },
};
