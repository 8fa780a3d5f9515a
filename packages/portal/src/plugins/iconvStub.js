// @ts-check
/**
 * Stand-in for `iconv-lite` in the browser bundle (see slimApiBundle.ts).
 * postman-collection uses it only to decode response bodies in charsets
 * other than UTF-8, a path the reference never takes (the try-it reads
 * answers with fetch). Every charset is reported as unknown, so that code
 * falls back to `buffer.toString()` (UTF-8), as it does for unknown charsets.
 */
module.exports = {
  encodingExists() {
    return false;
  },
  /** @param {{ toString(): string }} buffer a Buffer (the bundle's polyfill) */
  decode(buffer) {
    return buffer.toString();
  },
};
