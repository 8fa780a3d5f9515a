import type { Plugin } from '@docusaurus/types';

/** A bundler plugin, as Docusaurus's configureWebpack result types it. */
type BundlerPlugin = NonNullable<Exclude<ReturnType<NonNullable<Plugin['configureWebpack']>>, void>['plugins']>[number];

/** The part of @rspack/core used here (Docusaurus types its bundler as webpack's). */
interface Rspack {
  BannerPlugin: new (options: {
    banner: string;
    raw: boolean;
    entryOnly: boolean;
    test: RegExp;
    stage: number;
  }) => BundlerPlugin;
  Compilation: { PROCESS_ASSETS_STAGE_DEV_TOOLING: number };
}

/**
 * `//# allFunctionsCalledOnLoad` at the top of main.js, V8's explicit compile
 * hint (Chrome 136 and later; other engines ignore the comment): the functions
 * of the file every page runs at startup (React DOM, the router, the theme)
 * are compiled on the thread that streams the script in, not one by one on
 * the main thread as each is first called.
 *
 * Measured on the production build, API page, Chromium 156, three loads each,
 * twice, side by side: main.js's evaluation task 66-158 ms (median ~100)
 * without the hint, 41-91 ms (median ~55) with it; that task is the API
 * page's largest share of Lighthouse's Total Blocking Time (issue 13).
 *
 * Added after minification (which drops comments) and before the content hash.
 */
export default function compileHints(): Plugin {
  return {
    name: 'portal-compile-hints',
    configureWebpack(config, isServer, utils) {
      if (isServer || config.mode === 'development' || utils.currentBundler.name !== 'rspack') return {};
      const rspack = utils.currentBundler.instance as unknown as Rspack;
      return {
        plugins: [
          new rspack.BannerPlugin({
            banner: '//# allFunctionsCalledOnLoad',
            raw: true,
            entryOnly: true,
            test: /^assets\/js\/main\.[0-9a-f]+\.js$/,
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING,
          }),
        ],
      };
    },
  };
}
