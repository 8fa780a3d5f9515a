import type { Plugin } from '@docusaurus/types';

/** The part of a compiler (Rspack's or webpack's) the trace reads. */
interface TracedCompiler {
  modifiedFiles?: ReadonlySet<string>;
  hooks: {
    watchRun: { tap(name: string, run: (compiler: TracedCompiler) => void): void };
    done: { tap(name: string, done: () => void): void };
  };
}

/**
 * PORTAL_DEV_TRACE=1: one line per recompile of the dev server, with the files
 * that started it and its duration (what `pnpm dev` costs the dev server per
 * save, for profiling).
 */
const traceCompiles = {
  apply(compiler: TracedCompiler) {
    let started = 0;
    let files = '';
    compiler.hooks.watchRun.tap('webmon-dev-trace', (running) => {
      started = performance.now();
      files = [...(running.modifiedFiles ?? [])].map((file) => file.split('/').slice(-2).join('/')).join(', ');
    });
    compiler.hooks.done.tap('webmon-dev-trace', () => {
      if (started) console.log(`[dev-trace] compile ${Math.round(performance.now() - started)} ms: ${files}`);
    });
  },
};

/**
 * `pnpm dev` only: a bar at the bottom of every page with the live loop's
 * state (lint findings while the last good bundle serves, the breaking-change
 * diff against the released API). The root's scripts/dev.mjs writes the state
 * to the JSON file named by PORTAL_DEV_STATUS; the bar imports it, so the dev
 * server's hot reload brings each change to the open page with no server or
 * socket of ours. Without the variable (builds, `pnpm start`) nothing is added.
 */
export default function devStatus(_context: unknown, options: { clientModule: string }): Plugin {
  const file = process.env.PORTAL_DEV_STATUS;
  return {
    name: 'webmon-dev-status',
    getClientModules: () => (file ? [options.clientModule] : []),
    configureWebpack: (_config, isServer) =>
      file
        ? {
            resolve: { alias: { '@webmon/dev-status.json': file } },
            // A save's files (pages, bundle, the sandbox's mock modules, this
            // bar's state) come from two processes within tens of ms: waiting
            // 100 ms after the first makes them one recompile, not two or three
            // (each about a second of CPU). Rspack's default is 5 ms.
            watchOptions: { aggregateTimeout: 100 },
            // The dev server answers on this machine: gzip saves no time on
            // loopback and cost 0.7 s of its CPU for the first page alone (a
            // profile of the dev-loop test: dev builds' scripts are megabytes).
            devServer: { compress: false },
            plugins: process.env.PORTAL_DEV_TRACE === '1' && !isServer ? [traceCompiles] : [],
          }
        : {},
  };
}
