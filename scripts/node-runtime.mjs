#!/usr/bin/env node
// @ts-check
// The Node.js this workspace runs on: Node 24 LTS (Node 20 reached end of life
// on 2026-04-30). The machine's own `node` when it is 24 or newer; otherwise
// the version pinned in `.node-version`, installed from the npm registry into
// `.tools/node/` (the `node` package brings the platform's binary) the first
// time, and found there afterwards.
//
// `node scripts/node-runtime.mjs` prints the folder of that `node` binary:
// the root's scripts put it first on PATH, so every task, pnpm included,
// runs on it whatever `node` the shell found.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The oldest major the workspace runs on. */
export const NODE_MAJOR = 24;
const pinned = readFileSync(join(root, '.node-version'), 'utf8').trim();
const local = join(root, '.tools', 'node');
const localBin = join(local, 'node_modules', 'node', 'bin');

/** @param {string} binary */
const versionOf = (binary) => execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');

/**
 * The folder of a `node` of at least NODE_MAJOR, installing the pinned one if
 * the machine's is older. `log` hears one line when it installs.
 * @param {(line: string) => void} [log]
 */
export function nodeRuntimeDir(log = () => {}) {
  if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) return dirname(process.execPath);
  const binary = join(localBin, 'node');
  if (existsSync(binary) && versionOf(binary) === pinned) return localBin;
  log(
    `installing Node ${pinned} into .tools/node (this machine has Node ${process.versions.node}; the workspace runs on Node ${NODE_MAJOR})`,
  );
  execFileSync(
    'npm',
    ['install', '--prefix', local, '--no-save', '--no-fund', '--no-audit', '--loglevel=error', `node@${pinned}`],
    // npm's own lines to stderr: stdout is the folder this prints.
    { stdio: ['ignore', 2, 2] },
  );
  const installed = versionOf(binary);
  if (installed !== pinned) throw new Error(`.tools/node holds Node ${installed}, not ${pinned}`);
  return localBin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(nodeRuntimeDir((line) => console.error(`\u25b8 ${line}`)));
  } catch (error) {
    console.error(`Could not get Node ${pinned}: ${/** @type {Error} */ (error).message}`);
    console.error(`Install Node ${NODE_MAJOR} (https://nodejs.org) and run the command again.`);
    process.exit(1);
  }
}
