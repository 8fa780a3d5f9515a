import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

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
 *   chunk and the reference's code blocks, never a second copy.
 */
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default function prismOnDemand(): Plugin {
  return {
    name: 'portal-prism-on-demand',
    getClientModules() {
      return [here('../clientModules/codeHighlight.ts')];
    },
    configureWebpack(_config, isServer, { currentBundler }) {
      return {
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
