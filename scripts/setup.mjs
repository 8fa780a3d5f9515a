#!/usr/bin/env node
// @ts-check
// Brings a fresh machine (Node >= 20.19, npm, no pnpm) to a ready workspace:
// Node 24 (the machine's, or the pinned one installed into .tools/node:
// scripts/node-runtime.mjs), the pinned pnpm from `packageManager`, then a
// frozen-lockfile install, run on Node 24.
// Corepack is not used: its signature check fails on machines that only reach
// the npm registry, while `npm i -g pnpm@x` works everywhere npm does.
//
// `npm test`, `pnpm dev` and `npm start` run this first, every time: on a
// workspace already installed from these very files it answers from a stamp
// instead of starting pnpm twice (`pnpm --version`, then an install that finds
// nothing to do: about 3.5 s and 4 CPU-s before the real work could start).
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeRuntimeDir } from './node-runtime.mjs';
import { workspacePackageFolders } from './workspace-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** @type {{ packageManager: string }} */
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const wantedPnpm = manifest.packageManager.replace(/^pnpm@/, '');

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: this workspace needs Node >= 20.19.`);
  process.exit(1);
}

/** @param {string} text */
const step = (text) => console.log(`\u25b8 ${text}`);

// Everything from here runs on Node 24: pnpm, and the install scripts it starts.
process.env.PATH = `${nodeRuntimeDir(step)}${delimiter}${process.env.PATH ?? ''}`;

/** The first `name` on PATH, links resolved, or undefined. @param {string} name */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const command = dir && join(dir, name);
    if (command && existsSync(command)) return realpathSync(command);
  }
  return undefined;
}

/** The package.json nearest above `file`, parsed, or undefined. @param {string} file */
function nearestManifest(file) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifestFile = join(dir, 'package.json');
    if (existsSync(manifestFile))
      return /** @type {{ name?: string, version?: string }} */ (JSON.parse(readFileSync(manifestFile, 'utf8')));
  }
  return undefined;
}

/** The version of the `pnpm` on PATH: read from its package.json when the command links into one (npm's global install does), else asked. */
function installedPnpm() {
  const command = onPath('pnpm');
  const owner = command ? nearestManifest(command) : undefined;
  if (owner?.name === 'pnpm' && owner.version) return owner.version;
  try {
    return execSync('pnpm --version', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

const workspacePackages = () => workspacePackageFolders(root);

/**
 * A digest of everything `pnpm install` reads to lay out node_modules: the
 * pnpm version, the lockfile, the workspace's settings (overrides, patches,
 * allowed builds), the patches and every package.json.
 */
function installInputs() {
  // The Node major too: the install runs its scripts, and checks engines, on it.
  const nodeMajor = execSync('node --version', { encoding: 'utf8' }).trim().split('.')[0];
  const hash = createHash('sha256').update(`pnpm@${wantedPnpm}\nnode@${nodeMajor}\n`);
  const files = [
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    'package.json',
    ...readdirSync(join(root, 'patches')).map((name) => join('patches', name)),
    ...workspacePackages().map((folder) => join(folder, 'package.json')),
  ];
  for (const file of files.sort()) hash.update(`${file}\n`).update(readFileSync(join(root, file)));
  return hash.digest('hex');
}

/** Written after a successful install: the digest of the inputs it was made from. */
const stampFile = join(root, 'node_modules', '.setup-stamp');

/** @param {string} folder */
function hasDependencies(folder) {
  /** @type {{ dependencies?: object, devDependencies?: object }} */
  const found = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
  return Object.keys({ ...found.dependencies, ...found.devDependencies }).length > 0;
}

/** Installed from `inputs` (installInputs()), and no package's node_modules removed since. @param {string} inputs */
function installIsCurrent(inputs) {
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== inputs) return false;
  return workspacePackages().every(
    (folder) => !hasDependencies(folder) || existsSync(join(root, folder, 'node_modules')),
  );
}

const found = installedPnpm();
if (found !== wantedPnpm) {
  step(`installing pnpm ${wantedPnpm} (found ${found ?? 'none'})`);
  execSync(`npm install --global pnpm@${wantedPnpm} --no-fund --no-audit --loglevel=error`, { stdio: 'inherit' });
}

// A frozen-lockfile install changes none of its inputs: one digest serves the check and the stamp.
const inputs = installInputs();
if (installIsCurrent(inputs)) {
  step('workspace dependencies installed from this lockfile (pnpm install skipped)');
} else {
  step('installing workspace dependencies (pnpm install --frozen-lockfile)');
  execSync('pnpm install --frozen-lockfile --prefer-offline --reporter=append-only', {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  writeFileSync(stampFile, inputs);
}
