/**
 * `crypto-js/sha1`, as src/plugins/cryptoJsSha1Stub.js imports it: resolved at
 * build time to the reference theme's own crypto-js (an alias in
 * slimApiBundle.ts); the portal depends on neither crypto-js nor its types.
 * Only the call the theme makes: `SHA1(message).toString()`, a hex digest.
 */
declare module 'crypto-js/sha1' {
  export default function SHA1(message: string): { toString(): string };
}
