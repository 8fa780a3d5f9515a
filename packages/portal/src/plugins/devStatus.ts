import type { Plugin } from '@docusaurus/types';

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
    configureWebpack: () => (file ? { resolve: { alias: { '@webmon/dev-status.json': file } } } : {}),
  };
}
