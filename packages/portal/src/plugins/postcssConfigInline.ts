import type { Plugin } from '@docusaurus/types';

/**
 * The site's PostCSS options are Docusaurus's own (postcss-preset-env) and
 * whatever plugins add with `configurePostCss`: postcss-loader is told not
 * to look for a `postcss.config.*` file as well. It looked for one from the
 * directory of every CSS and Sass file it loaded (cosmiconfig: up to the
 * root, a dozen file names a directory), about 1 s of the main thread per
 * compile: each `docusaurus build`, the dev server's start (CPU profiles,
 * packages/portal/README.md). A `postcss.config.*` file here has no effect.
 */
export default function postcssConfigInline(): Plugin {
  return {
    name: 'portal-postcss-config-inline',
    configurePostCss: (options) => ({ ...options, config: false }),
  };
}
