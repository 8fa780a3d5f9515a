// @ts-check
// Where `pnpm dev` writes what it serves. On the spec's own sources it is the
// worktree (the bundle, the reference pages: what the next build would make
// from those sources anyway). On a scratch copy of the sources (DEV_SPEC_SOURCES:
// the end-to-end test, the bench) it is a scratch workspace beside them, so
// that a live edit never reaches the worktree's build outputs, which other
// tests read at the same time: the portal copied (its dependencies linked, the
// spec and the mock replaced by copies of their built packages), laid out as
// in the repository so relative paths hold.
import { cpSync, existsSync, mkdirSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Packages the loop rewrites: copied into the scratch workspace, never linked. */
const COPIED = ['spec', 'mock-server'];
/** The portal's folders the dev server does not need, or makes itself. */
const SKIPPED = new Set(['node_modules', 'build', '.docusaurus', '.dev', '.turbo', 'test', 'bench']);

/**
 * Makes the scratch workspace `into` from the built worktree `root`; returns it.
 * @param {string} root @param {string} into
 */
export function scratchWorkspace(root, into) {
  const real = (/** @type {string} */ path) => realpathSync(join(root, path));
  mkdirSync(join(into, 'packages'), { recursive: true });
  symlinkSync(real('node_modules'), join(into, 'node_modules'));
  cpSync(join(root, 'tsconfig.base.json'), join(into, 'tsconfig.base.json'));
  for (const name of COPIED) {
    const from = join(root, 'packages', name);
    const to = join(into, 'packages', name);
    cpSync(join(from, 'package.json'), join(to, 'package.json'));
    cpSync(join(from, 'dist'), join(to, 'dist'), { recursive: true });
    // The spec's released bundles: the portal's API changes page reads them.
    if (existsSync(join(from, 'released'))) cpSync(join(from, 'released'), join(to, 'released'), { recursive: true });
    symlinkSync(realpathSync(join(from, 'node_modules')), join(to, 'node_modules'));
  }
  const portal = join(root, 'packages/portal');
  const site = join(into, 'packages/portal');
  cpSync(portal, site, {
    recursive: true,
    filter: (source) => !SKIPPED.has(source.slice(portal.length + 1).split('/')[0] ?? ''),
  });
  // The portal's dependencies, each linked where pnpm put it; ours copied above.
  const modules = join(portal, 'node_modules');
  mkdirSync(join(site, 'node_modules/@webmon'), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    if (entry !== '@webmon') {
      symlinkSync(realpathSync(join(modules, entry)), join(site, 'node_modules', entry));
      continue;
    }
    for (const name of readdirSync(join(modules, entry))) {
      const target = COPIED.includes(name) ? join(into, 'packages', name) : realpathSync(join(modules, entry, name));
      symlinkSync(target, join(site, 'node_modules/@webmon', name));
    }
  }
  return into;
}
