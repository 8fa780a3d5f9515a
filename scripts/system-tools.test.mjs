// @ts-check
// `npm test`'s first step on a machine without the tests' programs: installs
// them where it may, else stops at once with the one command to run.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SYSTEM_TOOLS } from './system-tools.mjs';

const script = fileURLToPath(new URL('system-tools.mjs', import.meta.url));
/** @type {string[]} */
const dirs = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A PATH of one folder holding `node` and the given executables (shell scripts). @param {Record<string, string>} programs */
function pathWith(programs) {
  const dir = mkdtempSync(join(tmpdir(), 'system-tools-'));
  dirs.push(dir);
  symlinkSync(process.execPath, join(dir, 'node'));
  for (const [name, body] of Object.entries(programs)) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

/** @param {string} path */
const run = (path) => spawnSync(process.execPath, [script], { encoding: 'utf8', env: { PATH: path } });

test('with every program on PATH it says nothing and goes on', () => {
  const result = run(pathWith(Object.fromEntries(SYSTEM_TOOLS.map((tool) => [tool.command, 'exit 0']))));
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout + result.stderr, '');
});

test('without them and without apt-get it stops at once, with one line naming the command to run', () => {
  const result = run(pathWith({ go: 'exit 0' }));
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '');
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, result.stderr);
  assert.match(
    lines[0] ?? '',
    /run `sudo apt-get install -y chromium-headless-shell python3 ruby curl jq redis-server`/,
  );
  assert.doesNotMatch(lines[0] ?? '', /golang-go/);
});

test("a program the tests can do without is not asked for: Chromium for its shell, a language's samples skipped on purpose", () => {
  const path = pathWith({
    chromium: 'exit 0',
    go: 'exit 0',
    python3: 'exit 0',
    curl: 'exit 0',
    jq: 'exit 0',
    'redis-server': 'exit 0',
  });
  const result = spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    env: { PATH: path, SKIP_RUBY_SAMPLES: '1' },
  });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout + result.stderr, '');
});

test('as root with apt-get, it installs what is missing from Debian', {
  skip: process.getuid?.() !== 0 && 'not root',
}, () => {
  // A stand-in apt-get: `install` creates the programs it is asked for, in its own folder.
  const chmod = ['/bin/chmod', '/usr/bin/chmod'].find((file) => existsSync(file));
  const path = pathWith({
    'apt-get': `[ "$1" = update ] && exit 0
shift; for p in "$@"; do case "$p" in -*) continue;; golang-go) p=go;; esac; printf '#!/bin/sh\n' > "\${0%/*}/$p"; ${chmod} +x "\${0%/*}/$p"; done`,
  });
  const result = run(path);
  assert.equal(result.status, 0, result.stderr);
  assert.match(
    result.stdout,
    /installing from Debian, for the tests: chromium-headless-shell .*golang-go .*redis-server/,
  );
  assert.equal(run(path).stdout, '', 'a second run finds everything');
});
