// @ts-check
/**
 * Stand-in for `pako` in the browser bundle (see slimApiBundle.ts). The theme's
 * ApiItem inflates each page's operation from base64 with `ungzip`; the
 * plugin writes it as plain JSON instead (`disableCompression` in
 * docusaurus.config.ts), which ApiItem takes as it is, so this is never called.
 */
module.exports = {
  ungzip() {
    throw new Error('pako is not in the portal bundle: operations are plain JSON (disableCompression)');
  },
};
