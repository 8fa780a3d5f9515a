// @ts-check
/**
 * What postman-collection's files get for `Buffer` in the browser bundle (see
 * slimApiBundle.ts): nothing. The reference theme provides Node's `Buffer`
 * to every module that names it (the `buffer` polyfill, ~8 kB gzipped);
 * postman-collection's request classes name it in three places, none on the
 * try-it's path in a browser: `Request.size()` (guarded by
 * `typeof Buffer`, falls back to the string's length), `util.btoa` (a
 * browser has `btoa`) and `util.bufferOrArrayBufferToString` (response
 * decoding; the try-it reads answers with fetch).
 */
module.exports = { Buffer: undefined };
