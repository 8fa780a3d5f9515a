import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Keeps the reference's code out of the guides, and the guides' out of the
 * reference.
 *
 * Docusaurus moves every module used by half the pages into one `common`
 * chunk that EVERY page loads. With ~100 generated API pages, "half the pages"
 * means "the API pages": the reference theme (redux, react-markdown, ...)
 * landed in `common`, and the guides' JavaScript grew from ~200 kB to
 * ~365 kB gzipped (their budget is 250 kB).
 *
 * The route chunks are named in the generated registry
 * (`.docusaurus/registry.js`, written before bundling). From it:
 * - `common` only counts the OTHER pages' chunks (same rule: used by half);
 * - `api-reference`, a chunk of its own, takes what two or more API chunks
 *   share: only API pages load it.
 */
/** The try-it panel's lazy chunk (`webpackChunkName` in src/api/TryItPanel.tsx). */
export const TRY_IT_CHUNK = 'api-try-it';

interface Registry {
  api: Set<string>;
  otherPages: number;
}

function readRegistry(generatedFilesDir: string): Registry {
  const source = readFileSync(join(generatedFilesDir, 'registry.js'), 'utf8');
  const api = new Set<string>();
  let otherPages = 0;
  for (const [, chunk, path] of source.matchAll(/webpackChunkName: "([^"]+)" \*\/ "([^"]+)"/g)) {
    if (
      path.startsWith('@site/api-docs/') ||
      path === '@theme/ApiItem' ||
      path.includes('docusaurus-plugin-content-docs/api/')
    )
      api.add(chunk);
    else if (path.startsWith('@site/')) otherPages++;
  }
  return { api, otherPages };
}

export default function apiChunk(context: { generatedFilesDir: string }): Plugin {
  return {
    name: 'portal-api-chunk',
    configureWebpack(config, isServer) {
      // Chunk weights are a production matter; under `docusaurus start` the
      // bundler would call isApi for every chunk on every recompile (about
      // 50 ms each under `pnpm dev`).
      if (isServer || config.mode === 'development') return {};
      const { api, otherPages } = readRegistry(context.generatedFilesDir);
      // The route chunks, and the try-it's lazy chunk (named by src/api/TryItPanel.tsx):
      // what it shares with the pages' own chunks comes from api-reference
      // instead of a second copy (markdown-to-jsx, lodash, the plugin's helpers).
      const isApi = (chunk: { name?: string | null }) =>
        !!chunk.name && (api.has(chunk.name) || chunk.name === TRY_IT_CHUNK);
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              common: {
                chunks: (chunk: { name?: string | null }) => !isApi(chunk),
                minChunks: Math.max(2, Math.ceil(otherPages * 0.5)),
              },
              apiReference: {
                name: 'api-reference',
                chunks: isApi,
                minChunks: 2,
                priority: 45, // above Docusaurus' `common` (40), below its `styles` (50)
                enforce: true,
              },
            },
          },
        },
      };
    },
  };
}
