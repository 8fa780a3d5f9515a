// @ts-check
/**
 * The workspace packages' folders (packages/*, tools/*, as pnpm-workspace.yaml
 * lists them), each with a package.json, relative to the repository root.
 * Node's built-ins only: setup.mjs reads it before anything is installed.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** @param {string} root the repository root */
export function workspacePackageFolders(root) {
  return ['packages', 'tools'].flatMap((parent) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, 'package.json')))
      .map((entry) => join(parent, entry.name)),
  );
}
