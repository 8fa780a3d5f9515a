// @ts-check
/**
 * Stands for `lodash` (the whole library, ~26 kB gzipped) in the browser
 * bundle, where postman-collection requires it (see slimApiBundle.ts): the
 * functions its request classes call (postmanCollectionSlim.js), each from
 * lodash's own per-function module, which the reference theme loads anyway
 * (`lodash/merge`, `lodash/cloneDeep`, ...), so the two share one copy.
 * Measured: the try-it's lodash went from ~40 kB to ~18 kB gzipped.
 *
 * Also what postman-collection uses of lodash's machinery: `noConflict`,
 * `mixin` (its util.js adds its own helpers to `_`) and a chain,
 * `_(value).pickBy(f).mapKeys(g).value()`, over the same functions.
 * test/postman-lodash.test.ts checks that every `_.name` those classes use is
 * here, and that they build the same requests as with the whole library.
 */

/** @type {Record<string, (...args: any[]) => any>} */
const functions = {
  assign: require('lodash/assign'),
  castArray: require('lodash/castArray'),
  clone: require('lodash/clone'),
  cloneDeep: require('lodash/cloneDeep'),
  cloneDeepWith: require('lodash/cloneDeepWith'),
  endsWith: require('lodash/endsWith'),
  filter: require('lodash/filter'),
  find: require('lodash/find'),
  forEach: require('lodash/forEach'),
  forOwn: require('lodash/forOwn'),
  get: require('lodash/get'),
  has: require('lodash/has'),
  includes: require('lodash/includes'),
  intersection: require('lodash/intersection'),
  isArray: require('lodash/isArray'),
  isBoolean: require('lodash/isBoolean'),
  isEmpty: require('lodash/isEmpty'),
  isFunction: require('lodash/isFunction'),
  isNaN: require('lodash/isNaN'),
  isNil: require('lodash/isNil'),
  isNull: require('lodash/isNull'),
  isNumber: require('lodash/isNumber'),
  isObject: require('lodash/isObject'),
  isPlainObject: require('lodash/isPlainObject'),
  isString: require('lodash/isString'),
  isUndefined: require('lodash/isUndefined'),
  keys: require('lodash/keys'),
  map: require('lodash/map'),
  mapKeys: require('lodash/mapKeys'),
  mergeWith: require('lodash/mergeWith'),
  noop: require('lodash/noop'),
  omit: require('lodash/omit'),
  pick: require('lodash/pick'),
  pickBy: require('lodash/pickBy'),
  reduce: require('lodash/reduce'),
  remove: require('lodash/remove'),
  split: require('lodash/split'),
  startsWith: require('lodash/startsWith'),
  tail: require('lodash/tail'),
  transform: require('lodash/transform'),
  trim: require('lodash/trim'),
  trimStart: require('lodash/trimStart'),
  union: require('lodash/union'),
  uniq: require('lodash/uniq'),
  unset: require('lodash/unset'),
};

/**
 * `_(value)`: a chain over `_`'s functions, ended by `.value()`.
 * @param {unknown} value
 * @returns {Record<string, (...args: unknown[]) => unknown>}
 */
function _(value) {
  return new Proxy(
    {},
    {
      get: (_target, name) =>
        name === 'value' ? () => value : (/** @type {unknown[]} */ ...args) => _(lodash[String(name)](value, ...args)),
    },
  );
}

/** @type {Record<string, (...args: any[]) => any>} */
const lodash = Object.assign(_, functions, {
  noConflict: () => lodash,
  /** @param {Record<string, (...args: any[]) => any>} source */
  mixin(source) {
    Object.assign(lodash, source);
    return lodash;
  },
});

module.exports = lodash;
