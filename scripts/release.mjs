#!/usr/bin/env node
// @ts-check
// `pnpm release [--dry-run]`: one pipeline from the API description to what
// ships, so the docs, the client and the mock always describe one API version.
//
//   lint -> bundle -> breaking-change check -> generate -> test -> portal -> pack
//   -> package checks -> tarball smoke test -> manifest
//
// Everything lands in release/ (gitignored): site/ (static, any host), packages/
// (tarballs), openapi.{yaml,json}, api-changes.md, manifest.json. One line of
// progress per step, each step's output in release/logs/, a summary at the end.
// Without --dry-run the same steps run, then changesets versions and publishes
// (needs NPM_TOKEN) and the released bundle is recorded for the next check.
import { spawn } from 'node:child_process';
import {
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemTools } from './system-tools.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dryRun = process.argv.includes('--dry-run');
const out = join(root, 'release');
/** Breaking changes acknowledged as corrections of the description (see the file). */
const corrections = join(root, 'packages/spec/released/corrections.yaml');
const logs = join(out, 'logs');
const PUBLISHED = ['arazzo', 'ts-client', 'mock-server', 'mcp-server', 'react-query'];
/** What the smoke project installs beside the tarballs: the hooks' peers, at the versions the package is tested with. */
const SMOKE_PEERS = ['react', 'react-dom', '@tanstack/react-query'];
const quiet = {
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
};

/**
 * The parts of the files read here.
 * @typedef {{ name: string, version: string, scripts?: Record<string, string>, devDependencies?: Record<string, string> }} PackageJson
 * @typedef {{ info: { version: string } }} Bundle
 */

/** @param {string} file @returns {unknown} */
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** @param {string} name */
const pkg = (name) => /** @type {PackageJson} */ (readJson(join(root, 'packages', name, 'package.json')));
/** @param {string} file */
const readBundle = (file) => /** @type {Bundle} */ (readJson(file));
/** The output a failed run() carried, if any. @param {unknown} error */
const outputOf = (error) => (error instanceof Error && 'output' in error ? String(error.output ?? '') : '');

/**
 * Runs a command, its output to the step's log; rejects with the log's tail.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, log: string, env?: Record<string, string> }} options
 * @returns {Promise<string>} the command's output
 */
function run(command, args, { cwd = root, log, env = {} }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...quiet, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      writeFileSync(log, output, { flag: 'a' });
      if (code === 0) resolve(output);
      else reject(Object.assign(new Error(`${command} ${args.join(' ')} exited ${code}`), { output }));
    });
  });
}

/** @param {string} file @returns {Promise<string>} */
const sha256 = (file) =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

/** @type {{ apiVersion: string, tarballs: string[], apiChanges: string | null }} */
const context = { apiVersion: '?', tarballs: [], apiChanges: null };

/**
 * The published packages follow the API: when the bundle differs from the last
 * released one, they get a changeset whose changelog entry names the API
 * changes, with the bump the API's version change calls for.
 * @param {string} markdown
 * @param {string} releasedFile
 * @param {string} dir
 */
function writeApiChangeset(markdown, releasedFile, dir) {
  const before = readBundle(releasedFile).info.version.split('.').map(Number);
  const after = context.apiVersion.split('.').map(Number);
  const bump = (after[0] ?? 0) > (before[0] ?? 0) ? 'major' : (after[1] ?? 0) > (before[1] ?? 0) ? 'minor' : 'patch';
  const body = markdown.replace(/^### .*\n/, '').trim();
  const names = PUBLISHED.map((name) => `'${pkg(name).name}': ${bump}`).join('\n');
  const file = join(dir, `api-${context.apiVersion}-${createHash('sha256').update(body).digest('hex').slice(0, 8)}.md`);
  writeFileSync(file, `---\n${names}\n---\n\nAPI ${before.join('.')} -> ${context.apiVersion}:\n\n${body}\n`);
}

/** @type {[name: string, what: string, action: (log: string) => Promise<string | undefined>][]} */
const steps = [
  [
    'lint',
    'Biome, Spectral house rules, Redocly, type checks (pnpm lint)',
    (log) => run('pnpm', ['run', 'lint'], { log }),
  ],
  [
    'bundle',
    'bundle the spec',
    async (log) => {
      await run('pnpm', ['turbo', 'run', 'build', '--filter=@webmon/spec'], { log });
      const bundle = readBundle(join(root, 'packages/spec/dist/openapi.json'));
      context.apiVersion = bundle.info.version;
      for (const file of ['openapi.yaml', 'openapi.json'])
        cpSync(join(root, 'packages/spec/dist', file), join(out, file));
      return `API ${context.apiVersion}`;
    },
  ],
  [
    'breaking changes',
    'compare with the last released bundle',
    async (log) => {
      await run('pnpm', ['turbo', 'run', 'build', '--filter=@webmon/api-diff'], { log });
      const released = join(root, 'packages/spec/released/openapi.json');
      const args = [
        join(root, 'packages/api-diff/dist/cli.js'),
        released,
        join(root, 'packages/spec/dist/openapi.json'),
        '--corrections',
        corrections,
      ];
      const markdown = await run(process.execPath, [...args, '--markdown'], { log }).catch((error) => {
        writeFileSync(join(out, 'api-changes.md'), outputOf(error));
        throw Object.assign(new Error('breaking changes without a major version bump'), { output: outputOf(error) });
      });
      writeFileSync(join(out, 'api-changes.md'), markdown);
      context.apiChanges = markdown;
      const [headline = ''] = markdown.split('\n');
      const changed = !/: 0 breaking, 0 features, 0 other$/.test(headline);
      if (changed) writeApiChangeset(markdown, released, dryRun ? out : join(root, '.changeset'));
      return `${headline.replace(/^### /, '')}${changed ? `; changeset written to ${dryRun ? 'release/' : '.changeset/'}` : ''}`;
    },
  ],
  [
    'versions',
    'the published packages follow the API version',
    async () => {
      const [major, minor] = context.apiVersion.split('.');
      for (const name of PUBLISHED) {
        const { name: full, version } = pkg(name);
        if (!version.startsWith(`${major}.${minor}.`)) {
          throw new Error(
            `${full} is ${version}; for API ${context.apiVersion} it must be ${major}.${minor}.x (add a changeset with the right bump)`,
          );
        }
      }
      return PUBLISHED.map((name) => `${pkg(name).name}@${pkg(name).version}`).join(', ');
    },
  ],
  [
    'generate',
    'client types and calls, mock routes and validators, MCP tools, React Query hooks, the Arazzo reader',
    (log) =>
      run(
        'pnpm',
        [
          'turbo',
          'run',
          'build',
          '--filter=@webmon/arazzo',
          '--filter=@webmon/ts-client',
          '--filter=@webmon/mock-server',
          '--filter=@webmon/mcp-server',
          '--filter=@webmon/react-query',
        ],
        { log },
      ),
  ],
  [
    'test',
    'every package',
    (log) => {
      ensureSystemTools();
      return run('pnpm', ['turbo', 'run', 'test'], { log });
    },
  ],
  [
    'portal',
    'static site',
    async (log) => {
      if (!pkg('portal').scripts?.build) return 'skipped: the portal has no build yet';
      await run('pnpm', ['turbo', 'run', 'build', '--filter=@webmon/portal'], {
        log,
        // PORTAL_RELEASE: the API changes page titles the unreleased changes with this version.
        env: { PORTAL_BASE_URL: process.env.PORTAL_BASE_URL ?? '/', PORTAL_RELEASE: '1' },
      });
      cpSync(join(root, 'packages/portal/build'), join(out, 'site'), { recursive: true });
      const site = join(out, 'site');
      for (const file of ['openapi.yaml', 'openapi.json'])
        if (!existsSync(join(site, file))) cpSync(join(out, file), join(site, file));
      return `release/site (${readdirSync(site).length} entries, base URL ${process.env.PORTAL_BASE_URL ?? '/'})`;
    },
  ],
  [
    'pack',
    'tarballs',
    async (log) => {
      const dir = join(out, 'packages');
      mkdirSync(dir, { recursive: true });
      for (const name of PUBLISHED) {
        await run('pnpm', ['pack', '--pack-destination', dir], { cwd: join(root, 'packages', name), log });
      }
      context.tarballs = readdirSync(dir)
        .filter((file) => file.endsWith('.tgz'))
        .map((file) => join(dir, file));
      return context.tarballs.map((file) => relative(out, file)).join(', ');
    },
  ],
  [
    'package checks',
    'publint and are-the-types-wrong on each tarball',
    async (log) => {
      for (const tarball of context.tarballs) {
        await run('pnpm', ['exec', 'publint', '--strict', tarball], { log });
        await run('pnpm', ['exec', 'attw', '--profile', 'esm-only', tarball], { log });
      }
      return 'clean';
    },
  ],
  [
    'smoke',
    'install the tarballs with npm in a fresh project, call the mock with the client and the hooks, the sandbox and a recipe through webmon-mcp',
    async (log) => {
      const project = mkdtempSync(join(tmpdir(), 'release-smoke-'));
      const tested = pkg('react-query').devDependencies ?? {};
      const peers = SMOKE_PEERS.map((name) => `${name}@${tested[name]}`);
      try {
        writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'smoke', private: true, type: 'module' }));
        await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...context.tarballs, ...peers], {
          cwd: project,
          log,
        });
        cpSync(join(root, 'scripts/release-smoke.mjs'), join(project, 'smoke.mjs'));
        return (await run(process.execPath, ['smoke.mjs'], { cwd: project, log })).trim().split('\n').pop();
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    },
  ],
  [
    'manifest',
    'one API version stamped on everything',
    async () => {
      /** @type {Record<string, string>} */
      const files = {};
      for (const file of [...context.tarballs, join(out, 'openapi.json'), join(out, 'openapi.yaml')])
        files[relative(out, file)] = await sha256(file);
      const manifest = {
        apiVersion: context.apiVersion,
        packages: Object.fromEntries(PUBLISHED.map((name) => [pkg(name).name, pkg(name).version])),
        site: existsSync(join(out, 'site')) ? 'site/' : null,
        files,
        dryRun,
        builtAt: new Date().toISOString(),
      };
      writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      return 'release/manifest.json';
    },
  ],
];

if (!dryRun) {
  steps.push([
    'publish',
    'changesets version + publish, record the released bundle',
    async (log) => {
      if (!process.env.NPM_TOKEN)
        throw new Error('NPM_TOKEN is not set: a real release publishes to npm (use --dry-run to build only)');
      await run('pnpm', ['changeset', 'version'], { log });
      await run('pnpm', ['changeset', 'publish'], { log });
      cpSync(join(root, 'packages/spec/dist/openapi.json'), join(root, 'packages/spec/released/openapi.json'));
      // The corrections are part of this release now: the next one starts from none.
      writeFileSync(
        corrections,
        `${readFileSync(corrections, 'utf8')
          .replace(/^(?!#).*$/ms, '')
          .trimEnd()}\n[]\n`,
      );
      return 'published; packages/spec/released/openapi.json and corrections.yaml updated (commit them)';
    },
  ]);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });
console.log(`release${dryRun ? ' (dry run)' : ''}: ${steps.length} steps, output in release/`);
const started = performance.now();
/** @type {[name: string, seconds: string, status: string][]} */
const summary = [];
for (const [index, [name, what, action]] of steps.entries()) {
  const log = join(logs, `${String(index + 1).padStart(2, '0')}-${name.replaceAll(' ', '-')}.log`);
  const stepStarted = performance.now();
  process.stdout.write(`[${index + 1}/${steps.length}] ${name}: ${what} ... `);
  try {
    const result = await action(log);
    const seconds = ((performance.now() - stepStarted) / 1000).toFixed(1);
    console.log(`ok (${seconds} s)${result ? `  ${result}` : ''}`);
    summary.push([name, seconds, 'ok']);
  } catch (error) {
    console.log('FAILED');
    const tail = outputOf(error).trim().split('\n').slice(-40).join('\n');
    const message = error instanceof Error ? error.message : String(error);
    console.error(`\n${message}\n${tail ? `\n${tail}\n` : ''}\nFull output: ${relative(root, log)}`);
    process.exit(1);
  }
}
const total = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nrelease${dryRun ? ' (dry run)' : ''} of API ${context.apiVersion} done in ${total} s:`);
for (const [name, seconds] of summary) console.log(`  ${name.padEnd(18)} ${seconds.padStart(6)} s`);
console.log(
  `output: ${relative(process.cwd(), out) || '.'}/ (site, packages, openapi.{yaml,json}, api-changes.md, manifest.json)`,
);
