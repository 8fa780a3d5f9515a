/**
 * Stand-in for `postman-code-generators` in the browser bundle (see
 * slimApiBundle.ts): no generated languages, and no generated snippet. The
 * reference's samples are the spec's x-codeSamples.
 */
module.exports = {
  getLanguageList() {
    return [];
  },
  convert(_language, _variant, _request, _options, callback) {
    callback(new Error('Generated snippets are off: the reference shows x-codeSamples.'));
  },
};
