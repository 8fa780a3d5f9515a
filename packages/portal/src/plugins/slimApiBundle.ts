import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

/**
 * Keeps the API pages' JavaScript small by resolving three packages the
 * reference theme pulls in to stubs (each stub says what it stands for):
 *
 * - `postman-code-generators`: about twenty languages' snippet generators,
 *   to write snippets live from the try-it form. The reference shows only the
 *   `x-codeSamples` generated at build time (`hideGeneratedSnippets`), the
 *   ones CI runs against the mock.
 * - `@faker-js/faker/locale/en` (via postman-collection): fake data for
 *   Postman's `{{$random...}}` variables, which nothing here resolves.
 * - `iconv-lite` (via postman-collection): non-UTF-8 response decoding, a
 *   path the try-it never takes.
 *
 * Measured effect in the README (bench): the API page's JavaScript.
 */
const stub = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));

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
          },
        },
      };
    },
  };
}
