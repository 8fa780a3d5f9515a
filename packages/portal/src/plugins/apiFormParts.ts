import { createRequire } from 'node:module';
import { sep } from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Lets src/theme/ApiExplorer/ wrap the try-it's form fields like any other
 * theme component (see the README, API reference, try-it form).
 *
 * - The theme's Body imports its field component relatively
 *   (`./FormBodyItem`), which Docusaurus' theme aliases never see, so a
 *   swizzle of `@theme/ApiExplorer/Body/FormBodyItem` would be ignored. That one
 *   import is sent through the alias instead; `@theme-original/...` still
 *   reaches the theme's own file.
 * - `react-hook-form`: the site's param fields register with the theme's form
 *   (required path parameters). The portal does not depend on it; every import
 *   resolves to the one file the theme's own `require` gets, so there is one
 *   module instance and one form context.
 */
const fromTheme = createRequire(createRequire(import.meta.url).resolve('docusaurus-theme-openapi-docs/package.json'));
const THEME_BODY_DIR = `${sep}docusaurus-theme-openapi-docs${sep}lib${sep}theme${sep}ApiExplorer${sep}Body`;

export default function apiFormParts(): Plugin {
  return {
    name: 'portal-api-form-parts',
    configureWebpack(_config, _isServer, { currentBundler }) {
      return {
        resolve: { alias: { 'react-hook-form$': fromTheme.resolve('react-hook-form') } },
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /^\.\/FormBodyItem$/,
            (resource: { context?: string; request: string }) => {
              if (resource.context?.endsWith(THEME_BODY_DIR)) resource.request = '@theme/ApiExplorer/Body/FormBodyItem';
            },
          ),
        ],
      };
    },
  };
}
