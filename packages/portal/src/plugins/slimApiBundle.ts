import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

/**
 * Keeps the API pages' JavaScript small by resolving packages the reference
 * theme's page component pulls in to stubs or to the part it uses (each stub
 * says what it stands for):
 *
 * - `crypto-js`: the whole library, for one SHA-1 (cryptoJsSha1Stub.js);
 * - `pako`: deflate and inflate, for the theme's `ungzip` of each page's
 *   operation, which the plugin writes as plain JSON (`disableCompression`).
 *
 * Both are on every API page's load path. (The theme's own try-it, with
 * Postman's request model, lodash and faker, is not: the try-it is ours,
 * packages/try-it.)
 *
 * Measured effect in the README (bench): the API page's JavaScript.
 */
const stub = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));
// The theme's own copies, which the portal does not depend on directly.
const fromTheme = createRequire(createRequire(import.meta.url).resolve('docusaurus-theme-openapi-docs/package.json'));

export default function slimApiBundle(): Plugin {
  return {
    name: 'portal-slim-api-bundle',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            'crypto-js$': stub('cryptoJsSha1Stub.js'),
            'crypto-js/sha1$': fromTheme.resolve('crypto-js/sha1.js'),
            pako$: stub('pakoStub.js'),
          },
        },
      };
    },
  };
}
