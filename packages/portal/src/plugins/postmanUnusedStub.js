// @ts-check
/**
 * Stand-in, for postman-collection only (see slimApiBundle.ts), for the
 * packages its Response, Version and content-type sniffing use: `semver`,
 * `http-reasons`, `liquid-json`, `file-type`, `mime`, `mime-format`. The
 * reference builds Requests, Urls, headers and bodies with postman-collection
 * and never a Response, Collection or Version (the try-it reads answers with
 * fetch), so none of these is called; if one ever is, it says so.
 */
function unused() {
  throw new Error(
    'Not in the portal bundle: a postman-collection Response/Version path (src/plugins/postmanUnusedStub.js)',
  );
}
module.exports = Object.assign(unused, { lookup: unused, getExtension: unused, getType: unused, parse: unused });
