import type { Plugin } from '@docusaurus/types';

/** The part of @rspack/core used here (Docusaurus types its bundler as webpack's). */
interface Rspack {
  lazyCompilationMiddleware(compiler: unknown): (request: unknown, response: unknown, next: () => void) => unknown;
}
interface DevServer {
  compiler: unknown;
}

/**
 * `docusaurus start` (and so `pnpm dev`) only: Rspack's lazy compilation. The
 * dev server compiled every route's page (148 reference pages, the guides)
 * before serving the first; with `imports` lazy, each route's chunks are
 * compiled when a browser first loads them, so the first page comes sooner
 * and a save recompiles only the pages that were opened.
 *
 * Rspack answers the browser's "compile this" requests with a middleware that
 * needs the compiler; Docusaurus merges a plugin's `devServer` into its
 * webpack-dev-server config. webpack-merge runs both `setupMiddlewares` on the
 * same array and concatenates what they return: ours adds to that array and
 * returns nothing new, so no middleware is listed twice. It runs before the
 * dev middleware starts the first compile, as the lazy plugin must.
 * PORTAL_DEV_LAZY=0 compiles everything up front, as before.
 */
export default function devLazyCompilation(): Plugin {
  return {
    name: 'portal-dev-lazy-compilation',
    configureWebpack(config, isServer, utils) {
      if (isServer || config.mode !== 'development' || utils.currentBundler.name !== 'rspack') return {};
      if (process.env.PORTAL_DEV_LAZY === '0') return {};
      const rspack = utils.currentBundler.instance as unknown as Rspack;
      return {
        // Entries stay eager: the app shell is needed by every page.
        lazyCompilation: { entries: false, imports: true },
        devServer: {
          setupMiddlewares(middlewares: unknown[], devServer: DevServer) {
            middlewares.unshift(rspack.lazyCompilationMiddleware(devServer.compiler));
            return [];
          },
        },
      } as ReturnType<NonNullable<Plugin['configureWebpack']>>;
    },
  };
}
