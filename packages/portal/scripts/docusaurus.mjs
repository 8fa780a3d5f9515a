#!/usr/bin/env node
// @ts-check
// The `docusaurus` command, with installed packages loaded by Node itself.
//
// Docusaurus loads the site config and its plugins through jiti 1, which
// transpiles with Babel every ES module they import (unified, micromark,
// acorn...: about 280 files, 3.5 s) whenever its cache, keyed by absolute
// path, is cold: every fresh clone, CI run and copy of the site. jiti's
// `nativeModules` sends a module to Node's own loader instead (Node 24 requires
// ES modules); Docusaurus has no option for it, but jiti reads a default from
// JITI_NATIVE_MODULES when it is first imported, which is below. With pnpm,
// every installed package's real path contains `node_modules/.pnpm/`. Our own
// TypeScript (the config, src/plugins) is still compiled by jiti.
process.env.JITI_NATIVE_MODULES ??= JSON.stringify(['.pnpm']);

// The command runs as it loads; it exports nothing (hence no types to import).
const command = '@docusaurus/core/bin/docusaurus.mjs';
await import(command);
