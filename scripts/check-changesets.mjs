#!/usr/bin/env node
// @ts-check
/**
 * Fails when a changeset would stop `pnpm release`: every .changeset/*.md
 * must parse as changesets reads it (front matter between `---` lines), name
 * at least one package, and name only workspace packages with a bump of
 * patch, minor or major. A formatter once rewrote the front matter's `---`
 * as a thematic break and the package line as a heading: the file read
 * fine, and `changeset version` refused it. And a published package stays on
 * the API's `major.minor` (README, Releases): a minor or major bump of one
 * would stop the release's version check, so only patch is taken for them.
 *
 * Usage: node scripts/check-changesets.mjs (from anywhere in the repo)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspacePackageFolders } from './workspace-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
// The parser the CLI itself uses (its dependency, resolved from it).
/** @type {(text: string) => { releases: { name: string, type: string }[], summary: string }} */
const parse = createRequire(require.resolve('@changesets/cli/package.json'))('@changesets/parse').default;

/** Each workspace package's name, and whether it is published (not private). */
const workspacePackages = new Map(
  workspacePackageFolders(root).map((folder) => {
    const manifest = /** @type {{ name: string, private?: boolean }} */ (
      JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'))
    );
    return [manifest.name, { published: manifest.private !== true }];
  }),
);

const dir = join(root, '.changeset');
const problems = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md')) {
  try {
    const { releases } = parse(readFileSync(join(dir, file), 'utf8'));
    if (!releases.length) problems.push(`.changeset/${file}: names no package`);
    for (const { name, type } of releases) {
      if (!workspacePackages.has(name)) problems.push(`.changeset/${file}: ${name} is not a workspace package`);
      if (!['patch', 'minor', 'major'].includes(type))
        problems.push(`.changeset/${file}: ${name}: ${type} is not patch, minor or major`);
      else if (type !== 'patch' && workspacePackages.get(name)?.published)
        problems.push(
          `.changeset/${file}: ${name}: ${type} would leave the API's major.minor; published packages take patch`,
        );
    }
  } catch (error) {
    problems.push(`.changeset/${file}: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`);
  }
}
if (problems.length) {
  console.error(`Changesets that \`pnpm release\` could not read:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
