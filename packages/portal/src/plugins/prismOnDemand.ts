import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';
import { darkCodeTheme, lightCodeTheme } from '../prism/codeThemes';
import { tokenVariablesCss } from '../prism/tokenVariables';

/**
 * Prism out of main.js (src/prism/): main.js carried prism-react-renderer
 * (its Prism and ~30 grammars, ~25 kB gzipped) plus our extra languages,
 * because theme-classic's `prism-include-languages` client module imports
 * Prism at startup. Here:
 * - that client module is replaced by an empty one;
 * - prism-react-renderer's Prism carries only the site's languages
 *   (slimPrism.cjs, a loader on its dist file, server and client alike so the
 *   server's HTML and hydration tokenize the same way);
 * - the code block's body comes from a lazily loaded chunk (the CodeBlock/Content
 *   override), and Prism gets a chunk of its own (`prism`), shared by that
 *   chunk and the reference's code blocks, never a second copy;
 * - the code blocks' token colours are CSS variables set per colour mode by a
 *   stylesheet in every page's head (src/prism/tokenVariables.ts), and the
 *   theme's folder is aliased `@theme-classic-styles` so our CodeBlock/Content
 *   uses the theme's own CSS module, and theme-common's `internal` module to
 *   the copy the theme uses (both are the preset's dependencies, not ours;
 *   types in src/types/theme-common-internal.d.ts).
 */
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const fromPreset = createRequire(createRequire(import.meta.url).resolve('@docusaurus/preset-classic'));
const themeClassicPackage = fromPreset.resolve('@docusaurus/theme-classic/package.json');
const themeClassicFolder = join(dirname(themeClassicPackage), 'lib', 'theme');
const themeCommonInternal = createRequire(themeClassicPackage).resolve('@docusaurus/theme-common/internal');

export default function prismOnDemand(): Plugin {
  return {
    name: 'portal-prism-on-demand',
    injectHtmlTags() {
      return {
        headTags: [{ tagName: 'style', innerHTML: tokenVariablesCss(lightCodeTheme, darkCodeTheme) }],
      };
    },
    getClientModules() {
      return [here('../clientModules/codeHighlight.ts')];
    },
    configureWebpack(_config, isServer, { currentBundler }) {
      return {
        resolve: {
          alias: {
            '@theme-classic-styles': themeClassicFolder,
            '@docusaurus/theme-common/internal$': themeCommonInternal,
          },
        },
        module: {
          rules: [{ test: /[/\\]prism-react-renderer[/\\]dist[/\\]index\.m?js$/, use: [here('./slimPrism.cjs')] }],
        },
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /[/\\]theme-classic[/\\]lib[/\\]prism-include-languages\.js$/,
            here('../prism/noStartupLanguages.ts'),
          ),
        ],
        ...(isServer
          ? {}
          : {
              optimization: {
                splitChunks: {
                  cacheGroups: {
                    prism: {
                      name: 'prism',
                      test: /[/\\]node_modules[/\\]prism-react-renderer[/\\]/,
                      chunks: 'async',
                      priority: 60, // above api-reference (45) and Docusaurus' common (40)
                      enforce: true,
                    },
                  },
                },
              },
            }),
      };
    },
  };
}
