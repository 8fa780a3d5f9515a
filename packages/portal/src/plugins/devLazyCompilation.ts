import type { Plugin } from '@docusaurus/types';

/** The part of @rspack/core used here (Docusaurus types its bundler as webpack's). */
interface Rspack {
  lazyCompilationMiddleware(compiler: unknown): (request: unknown, response: unknown, next: () => void) => unknown;
}
interface DevServer {
  compiler: unknown;
}

/**
 * `docusaurus start` with PORTAL_DEV_LAZY=1 only: Rspack's lazy compilation
 * (each route's chunks compiled when a browser first loads them). Off by
 * default: measured under `pnpm dev` (portal README), it saved about a
 * second of the dev server's CPU per save but did not shorten the start, and
 * a page's first visit got slower (its nested dynamic imports compile one
 * round trip after another).
 *
 * Rspack answers the browser's "compile this" requests with a middleware that
 * needs the compiler; Docusaurus merges a plugin's `devServer` into its
 * webpack-dev-server config. webpack-merge runs both `setupMiddlewares` on the
 * same array and concatenates what they return: ours adds to that array and
 * returns nothing new, so no middleware is listed twice. It runs before the
 * dev middleware starts the first compile, as the lazy plugin must.
 */
export default function devLazyCompilation(): Plugin {
  return {
    name: 'portal-dev-lazy-compilation',
    configureWebpack(config, isServer, utils) {
      if (isServer || config.mode !== 'development' || utils.currentBundler.name !== 'rspack') return {};
      if (process.env.PORTAL_DEV_LAZY !== '1') return {};
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
