#!/usr/bin/env node
// @ts-check
// Brings a fresh machine (Node >= 20.19, npm, no pnpm) to a ready workspace:
// the pinned pnpm from `packageManager`, then a frozen-lockfile install.
// Corepack is not used: its signature check fails on machines that only reach
// the npm registry, while `npm i -g pnpm@x` works everywhere npm does.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
/** @type {{ packageManager: string }} */
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const wantedPnpm = manifest.packageManager.replace(/^pnpm@/, '');

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: this workspace needs Node >= 20.19.`);
  process.exit(1);
}

function installedPnpm() {
  try {
    return execSync('pnpm --version', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/** @param {string} text */
const step = (text) => console.log(`\u25b8 ${text}`);
const found = installedPnpm();
if (found !== wantedPnpm) {
  step(`installing pnpm ${wantedPnpm} (found ${found ?? 'none'})`);
  execSync(`npm install --global pnpm@${wantedPnpm} --no-fund --no-audit --loglevel=error`, { stdio: 'inherit' });
}

step('installing workspace dependencies (pnpm install --frozen-lockfile)');
execSync('pnpm install --frozen-lockfile --prefer-offline --reporter=append-only', {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, npm_config_loglevel: 'error' },
});
