#!/usr/bin/env node
// @ts-check
// The programs the tests run that npm cannot install: Chromium's headless shell
// (the portal's browser tests), Go, Python and Ruby (the guides' and the
// reference's samples in those languages), curl and jq (the recipes' bash
// scripts) and redis-server (the mock's Redis store). `npm test` and the
// release run this first. A missing program is installed from Debian when
// this user may (root, or sudo without a password);
// otherwise it stops at once, with one line naming the command to run, rather
// than failing some tests minutes later.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Each program the tests start, with the Debian package that brings it; a
 * program the tests can do without (`also`: another that serves, `skip`: the
 * variable that skips its tests on purpose) is not asked for then.
 * @type {{ command: string, debian: string, for: string, also?: string, skip?: string }[]}
 */
export const SYSTEM_TOOLS = [
  {
    command: 'chromium-headless-shell',
    debian: 'chromium-headless-shell',
    for: "the portal's browser tests",
    also: 'chromium',
  },
  { command: 'go', debian: 'golang-go', for: 'the Go samples', skip: 'SKIP_GO_SAMPLES' },
  { command: 'python3', debian: 'python3', for: 'the Python samples', skip: 'SKIP_PYTHON_SAMPLES' },
  { command: 'ruby', debian: 'ruby', for: 'the Ruby samples', skip: 'SKIP_RUBY_SAMPLES' },
  { command: 'curl', debian: 'curl', for: "the recipes' bash scripts" },
  { command: 'jq', debian: 'jq', for: "the recipes' bash scripts" },
  { command: 'redis-server', debian: 'redis-server', for: "the mock's Redis store" },
];

/** @param {string} name */
const onPath = (name) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, name)));

/** How this user may run apt-get: directly (root), through `sudo -n`, or not at all. */
function aptRunner() {
  if (!onPath('apt-get')) return undefined;
  if (process.getuid?.() === 0) return [];
  if (onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return undefined;
}

/**
 * Installs what is missing when it can; otherwise prints the one command to run
 * and exits 1. Returns the packages it installed.
 * @param {(line: string) => void} log
 */
export function ensureSystemTools(log = (line) => console.log(`\u25b8 ${line}`)) {
  const present = (/** @type {(typeof SYSTEM_TOOLS)[number]} */ tool) =>
    onPath(tool.command) ||
    (tool.also !== undefined && onPath(tool.also)) ||
    (tool.skip && process.env[tool.skip] === '1');
  const missing = SYSTEM_TOOLS.filter((tool) => !present(tool));
  if (missing.length === 0) return [];
  const packages = missing.map((tool) => tool.debian);
  const runner = aptRunner();
  if (runner) {
    log(`installing from Debian, for the tests: ${missing.map((tool) => `${tool.debian} (${tool.for})`).join(', ')}`);
    const [command = 'apt-get', ...prefix] = [...runner, 'apt-get'];
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync(command, [...prefix, 'update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
      execFileSync(command, [...prefix, 'install', '-y', '-qq', ...packages], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env,
      });
    } catch {
      // Reported below, with what is still missing.
    }
    if (missing.every(present)) return packages;
  }
  const still = missing.filter((tool) => !present(tool));
  console.error(
    `The tests need ${still.map((tool) => `${tool.command} (${tool.for})`).join(', ')}: run \`sudo apt-get install -y ${still.map((tool) => tool.debian).join(' ')}\`, then this again.`,
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureSystemTools();
