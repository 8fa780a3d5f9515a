// @ts-check
/**
 * Stand-in for `@faker-js/faker/locale/en` in the browser bundle (see
 * slimApiBundle.ts). postman-collection loads faker for Postman's dynamic
 * variables (`{{$randomEmail}}` ...), which nothing in the reference resolves.
 * postman-collection reads `faker.address.city` and the like when it loads,
 * so any property path is allowed; CALLING one fails loudly instead of
 * quietly producing nonsense.
 */
/**
 * @param {string} path the property path so far, for the error message
 * @returns {unknown}
 */
function unsupported(path) {
  return new Proxy(() => {}, {
    get(_target, name) {
      if (typeof name === 'symbol' || name === '__esModule' || name === 'then') return undefined;
      return unsupported(`${path}.${String(name)}`);
    },
    apply() {
      throw new Error(`${path}() is not bundled in the API reference (Postman dynamic variables are not supported).`);
    },
  });
}

module.exports = unsupported('faker');
