import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

/**
 * Keeps the API pages' JavaScript small by resolving packages the reference
 * theme pulls in to stubs or to the part it uses (each stub says what it
 * stands for):
 *
 * - `postman-code-generators`: about twenty languages' snippet generators,
 *   to write snippets live from the try-it form. The reference shows only the
 *   `x-codeSamples` generated at build time (`hideGeneratedSnippets`), the
 *   ones CI runs against the mock.
 * - `@faker-js/faker/locale/en` (via postman-collection): fake data for
 *   Postman's `{{$random...}}` variables, which nothing here resolves.
 * - `iconv-lite` (via postman-collection): non-UTF-8 response decoding, a
 *   path the try-it never takes.
 * - `graphql` (via msw, in the in-browser mock): the GraphQL parser, for
 *   GraphQL handlers, which the mock does not have.
 * - `crypto-js`: the whole library, for one SHA-1 (cryptoJsSha1Stub.js).
 * - `pako`: deflate and inflate, for the theme's `ungzip` of each page's
 *   operation, which the plugin writes as plain JSON (`disableCompression`).
 * The last two are on every API page's load path, not only the try-it's.
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
            'postman-code-generators$': stub('postmanCodeGeneratorsStub.js'),
            '@faker-js/faker/locale/en$': stub('fakerStub.js'),
            'iconv-lite$': stub('iconvStub.js'),
            'crypto-js$': stub('cryptoJsSha1Stub.js'),
            'crypto-js/sha1$': fromTheme.resolve('crypto-js/sha1.js'),
            pako$: stub('pakoStub.js'),
            graphql$: stub('graphqlStub.js'),
          },
        },
      };
    },
  };
}
