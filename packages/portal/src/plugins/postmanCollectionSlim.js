// @ts-check
/**
 * Stands for `postman-collection` in the browser bundle (see slimApiBundle.ts):
 * the classes the reference theme's try-it uses (its request builder and the
 * panel: Request, QueryParam, Variable, Cookie, CookieList, FormParam), taken
 * from the package's own files. The package's index loads all of its ~30
 * classes: collections, items, responses (with file-type, mime, mime-format,
 * http-reasons, liquid-json), versions (semver), scripts; about 40 kB
 * gzipped that the try-it never runs. A theme upgrade that uses another class
 * fails loudly (`sdk.X is not a constructor`) in the try-it tests.
 */
module.exports = {
  Request: require('postman-collection/lib/collection/request').Request,
  QueryParam: require('postman-collection/lib/collection/query-param').QueryParam,
  Variable: require('postman-collection/lib/collection/variable').Variable,
  Cookie: require('postman-collection/lib/collection/cookie').Cookie,
  CookieList: require('postman-collection/lib/collection/cookie-list').CookieList,
  FormParam: require('postman-collection/lib/collection/form-param').FormParam,
};
