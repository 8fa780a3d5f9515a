#!/usr/bin/env node
// @ts-check
// `check:package` of each published package (run in its directory): packs it
// as it would be published (pnpm pack: the `files`, the
// exports map, workspace: ranges rewritten) and lints the tarball, not the
// directory, so a file missing from `files` is caught:
//   publint --strict                 exports, types, files, sideEffects
//   attw --profile esm-only          types resolve the way TypeScript resolves them
// esm-only: the package ships ESM alone (engines: node >= 20.19, where
// require(esm) works; browsers, Deno and Bun load ESM), so attw's CommonJS
// resolution modes (node10, node16 from a .cjs file) are out of scope.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const packageDir = process.cwd();
/** @param {string} name */
const bin = (name) => join(packageDir, 'node_modules', '.bin', name);
/**
 * @param {string} command
 * @param {string[]} args
 */
const run = (command, args) => {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: packageDir, stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
  return result.status === 0;
};

const out = mkdtempSync(join(tmpdir(), `${basename(packageDir)}-pack-`));
try {
  if (run('pnpm', ['pack', '--pack-destination', out])) {
    const packed = readdirSync(out).find((file) => file.endsWith('.tgz'));
    if (packed === undefined) throw new Error(`pnpm pack wrote no tarball into ${out}`);
    const tarball = join(out, packed);
    run(bin('publint'), ['run', tarball, '--strict']);
    run(bin('attw'), [tarball, '--profile', 'esm-only']);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
