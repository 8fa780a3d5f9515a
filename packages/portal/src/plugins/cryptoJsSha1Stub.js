// @ts-check
/**
 * Stand-in for `crypto-js` in the browser bundle (see slimApiBundle.ts). The
 * reference theme imports the whole library (AES, DES, every hash...) to call
 * `CryptoJS.SHA1()` alone, in storage-utils, which every API page loads.
 */
import SHA1 from 'crypto-js/sha1';

export default { SHA1 };
