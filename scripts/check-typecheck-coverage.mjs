#!/usr/bin/env node
// @ts-check
/**
 * Fails when a source file would slip past the type check of `pnpm lint`.
 *
 * Every .ts/.tsx/.mts/.cts/.js/.jsx/.mjs/.cjs file git knows (tracked, or new
 * and not ignored), outside build outputs and test fixtures, must be matched by
 * the include globs of a tsconfig that a lint task runs (`tsc7 ... -p <config>`
 * in the root's or a package's `lint` or `typecheck` script, the tasks
 * `pnpm lint` runs), and be checked there: TypeScript unless it says
 * `// @ts-nocheck`, JavaScript with `checkJs` on or `// @ts-check` at its top.
 * Matched by a glob, not merely imported: a file only some other file imports
 * leaves the check when that import goes.
 *
 * Usage: node scripts/check-typecheck-coverage.mjs (from anywhere in the repo)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The tasks of `pnpm lint` that type-check (root package.json: `turbo run check lint typecheck`): the root's `typecheck` checks every package (`tsc7 -b`). */
const LINT_TASKS = ['lint', 'typecheck'];

/**
 * Repository-relative paths of files whose owners are still typing them (none
 * today), so this check passes meanwhile. A listed file that is checked fails
 * the check: take it off the list.
 * @type {Set<string>}
 */
const PENDING = new Set([]);

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const JS = /\.(?:[cm]?jsx?)$/;
/** Build outputs and test fixtures: not sources to check. */
const NOT_SOURCE = /(?:^|\/)(?:node_modules|dist|build|generated|api-docs|\.docusaurus|fixtures|\.fixtures)\//;

/** @param {string} path */
const readJsonObject = (path) =>
  /** @type {{ scripts?: Record<string, string> }} */ (JSON.parse(readFileSync(path, 'utf8')));

/** The workspace's package folders: the root and packages/*. */
function packageDirs() {
  const packages = join(root, 'packages');
  return [
    root,
    ...readdirSync(packages)
      .map((name) => join(packages, name))
      .filter((dir) => existsSync(join(dir, 'package.json'))),
  ];
}

/**
 * The tsconfig files a script's `tsc7` (or `tsc`) commands check: the
 * projects after `-b`/`--build`, else `-p`/`--project`'s, else the folder's
 * tsconfig.json. A project named by its folder means its tsconfig.json.
 * @param {string} script
 * @param {string} cwd
 */
function configsOf(script, cwd) {
  /** @type {string[]} */
  const configs = [];
  for (const [, args = ''] of script.matchAll(/(?:^|[\s;&|(])tsc7?\b([^;&|]*)/g)) {
    const words = args.trim().split(/\s+/).filter(Boolean);
    const build = words.findIndex((word) => word === '-b' || word === '--build');
    const named = words.findIndex((word) => word === '-p' || word === '--project');
    const projects =
      build >= 0
        ? words.slice(build + 1).filter((word) => !word.startsWith('-'))
        : [named >= 0 ? (words[named + 1] ?? '.') : '.'];
    for (const project of projects) {
      const path = resolve(cwd, project);
      configs.push(
        existsSync(path) && !SOURCE.test(path) && !path.endsWith('.json') ? join(path, 'tsconfig.json') : path,
      );
    }
  }
  return configs;
}

/**
 * `check` or `nocheck` when the file's leading comments say `// @ts-check` or
 * `// @ts-nocheck` (the last one wins, as in TypeScript), else undefined.
 * @param {string} text
 */
function directiveOf(text) {
  const leading = text.match(/^(?:#!.*\n)?(?:\s*(?:\/\/.*|\/\*[\s\S]*?\*\/))*/)?.[0] ?? '';
  const found = [...leading.matchAll(/^\s*\/\/\/?\s*@ts-(check|nocheck)\b/gm)].pop();
  return found?.[1];
}

/** @param {string} configPath */
function parseConfig(configPath) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(`${configPath}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
      },
    },
  );
  if (!parsed) throw new Error(`${configPath}: could not be read`);
  return parsed;
}

/** Every lint config, with the files it checks (repository-relative). */
function checkedFiles() {
  /** @type {Map<string, string>} file -> the config that checks it */
  const checked = new Map();
  /** @type {Map<string, string>} file -> why a config that matches it does not check it */
  const unchecked = new Map();
  /** @type {string[]} */
  const configs = [];
  for (const dir of packageDirs()) {
    const { scripts = {} } = readJsonObject(join(dir, 'package.json'));
    for (const task of LINT_TASKS) {
      for (const configPath of configsOf(scripts[task] ?? '', dir)) {
        const config = relative(root, configPath);
        configs.push(config);
        const { fileNames, options } = parseConfig(configPath);
        for (const fileName of fileNames) {
          const file = relative(root, fileName);
          const directive = directiveOf(readFileSync(fileName, 'utf8'));
          const isJs = JS.test(file);
          if (directive === 'check' || (directive === undefined && (!isJs || options.checkJs)))
            checked.set(file, config);
          else if (!checked.has(file))
            unchecked.set(
              file,
              directive === 'nocheck'
                ? `says // @ts-nocheck (${config})`
                : `JavaScript without checkJs or // @ts-check (${config})`,
            );
        }
      }
    }
  }
  return { checked, unchecked, configs };
}

/** Source files git knows: tracked, or new and not ignored. */
function sourceFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0'))]
    .filter((file) => SOURCE.test(file) && !NOT_SOURCE.test(file) && existsSync(join(root, file)))
    .sort();
}

const { checked, unchecked, configs } = checkedFiles();
const files = sourceFiles();
/** @type {string[]} */
const problems = [];
let pending = 0;
for (const file of files) {
  const covered = checked.has(file);
  if (PENDING.has(file)) {
    if (covered)
      problems.push(
        `${file}: type-checked now; take it off PENDING in ${relative(root, fileURLToPath(import.meta.url))}`,
      );
    else pending++;
  } else if (!covered) {
    problems.push(
      `${file}: ${unchecked.get(file) ?? `matched by no lint tsconfig (${dirname(file)}: add it to an include glob)`}`,
    );
  }
}
for (const file of PENDING) {
  if (!files.includes(file)) problems.push(`${file}: listed in PENDING but not a source file any more`);
}

if (problems.length > 0) {
  console.error(`Type-check coverage: ${problems.length} source file(s) not checked by \`pnpm lint\`:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exitCode = 1;
} else {
  console.log(
    `Type-check coverage: ${files.length - pending} source files checked by ${configs.length} lint tsconfigs` +
      (pending ? `; ${pending} pending (${[...PENDING].join(', ')})` : ''),
  );
}
