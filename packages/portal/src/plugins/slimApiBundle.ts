import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
 * - `postman-collection` itself: its index, for the six classes the theme
 *   uses (postmanCollectionSlim.js, which takes them from the package's
 *   `lib/`).
 * - `lodash` (via postman-collection): the whole library, for the ~45
 *   functions those classes call (lodashForPostman.js), from the per-function
 *   modules the theme loads anyway. Every `lodash/<function>` resolves to the
 *   theme's lodash, so there is one copy of each.
 * - `react-modal`: the try-it's "expand code" dialog, loaded when a reader
 *   first opens it (reactModalOnDemand.js).
 * - `buffer`, in postman-collection's files only: the theme provides Node's
 *   `Buffer` to every module that names it; these name it on paths the
 *   try-it never takes in a browser (noBuffer.js).
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

const postmanDir = dirname(fromTheme.resolve('postman-collection'));

export default function slimApiBundle(): Plugin {
  return {
    name: 'portal-slim-api-bundle',
    configureWebpack() {
      return {
        // The `buffer` a provided `Buffer` resolves to, for postman-collection's files only.
        module: { rules: [{ include: postmanDir, resolve: { alias: { buffer$: stub('noBuffer.js') } } }] },
        resolve: {
          alias: {
            'postman-code-generators$': stub('postmanCodeGeneratorsStub.js'),
            '@faker-js/faker/locale/en$': stub('fakerStub.js'),
            'iconv-lite$': stub('iconvStub.js'),
            'postman-collection$': stub('postmanCollectionSlim.js'),
            'postman-collection/lib': join(postmanDir, 'lib'),
            lodash$: stub('lodashForPostman.js'),
            lodash: dirname(fromTheme.resolve('lodash/package.json')),
            'react-modal$': stub('reactModalOnDemand.js'),
            'react-modal/lib': dirname(fromTheme.resolve('react-modal')),
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
