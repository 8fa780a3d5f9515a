// @ts-check
// The patches we keep (patches/README.md): each is applied as written, and
// upstream still has the defect it fixes. The published file is rebuilt here by
// reversing our patch on the installed one; its probe fails once upstream no
// longer has the defect (fixed, or moved so that the patch no longer does what
// it says): the sign to drop or rewrite the patch.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lockfile = readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');

/** Where pnpm installed `name@version` with our patch: its folder under node_modules/.pnpm. @param {string} spec */
function installedDir(spec) {
  const at = spec.lastIndexOf('@');
  const name = spec.slice(0, at);
  const entry = new RegExp(`^  '?${spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}'?:\\n    hash: ([0-9a-f]+)$`, 'm');
  const hash = lockfile.match(entry)?.[1];
  assert.ok(hash, `pnpm-lock.yaml lists no patch for ${spec}`);
  // pnpm shortens long folder names, the hash's head is kept.
  const prefix = `${spec.replace('/', '+')}_patch_hash=${hash.slice(0, 32)}`;
  const dir = readdirSync(join(root, 'node_modules/.pnpm')).find((entryName) => entryName.startsWith(prefix));
  assert.ok(dir, `${spec} is not installed with its patch (run pnpm install)`);
  return join(root, 'node_modules/.pnpm', dir, 'node_modules', name);
}

/** The hunks of `patchFile` for `file`, each as its text before and after. @param {string} patchFile @param {string} file */
function hunksOf(patchFile, file) {
  const sections = readFileSync(join(root, 'patches', patchFile), 'utf8').split(/^diff --git /m);
  const section = sections.find((text) => text.startsWith(`a/${file} `));
  assert.ok(section, `${patchFile} does not change ${file}`);
  return section
    .split(/^@@[^\n]*\n/m)
    .slice(1)
    .map((hunk) => {
      /** @type {string[]} */ const before = [];
      /** @type {string[]} */ const after = [];
      for (const line of hunk.replace(/\n$/, '').split('\n')) {
        if (line.startsWith('\\')) continue; // "\ No newline at end of file"
        const [mark, text] = [line[0], line.slice(1)];
        if (mark === ' ' || mark === '-') before.push(text);
        if (mark === ' ' || mark === '+') after.push(text);
      }
      return { before: before.join('\n'), after: after.join('\n') };
    });
}

/**
 * `file` of the patched `spec` as published: our patch reversed. Fails if the
 * patch is not in the installed file as written.
 * @param {string} spec @param {string} file
 */
function published(spec, file) {
  const patchFile = `${spec.replace('/', '__')}.patch`;
  const installed = readFileSync(join(installedDir(spec), file), 'utf8');
  let text = installed;
  for (const { before, after } of hunksOf(patchFile, file)) {
    const at = text.indexOf(after);
    assert.ok(at >= 0, `${spec} ${file}: a hunk of ${patchFile} is not in the installed file`);
    assert.equal(text.indexOf(after, at + 1), -1, `${spec} ${file}: a hunk of ${patchFile} matches twice`);
    text = text.slice(0, at) + before + text.slice(at + after.length);
  }
  assert.notEqual(text, installed);
  return text;
}

describe('@docusaurus/core 3.10.2: upstream still', () => {
  /** @param {string} file */
  const core = (file) => published('@docusaurus/core@3.10.2', file);

  test('flips the "is browser" flag after hydration in an ordinary, blocking update', () => {
    const source = core('lib/client/browserContext.js');
    assert.match(source, /setIsBrowser\(true\)/);
    assert.doesNotMatch(source, /startTransition/);
  });

  test('prefetches every internal link as it comes into view', () => {
    assert.match(core('lib/client/exports/Link.js'), /new window\.IntersectionObserver\([\s\S]*prefetch\(/);
  });

  test('reloads a plugin at once on each of its file events, unawaited, and never holds the bundler', () => {
    assert.match(core('lib/commands/start/utils.js'), /const reloadPlugin = async \(plugin\) =>/);
    assert.doesNotMatch(core('lib/commands/start/utils.js'), /setTimeout|suspend\(\)/);
    assert.doesNotMatch(core('lib/commands/start/start.js'), /setBundler/);
  });

  test("hands the plugins' globs to chokidar", () => {
    assert.match(core('lib/commands/start/watcher.js'), /chokidar_1\.default\.watch\(pathsToWatch,/);
  });
});

describe('docusaurus-theme-openapi-docs 5.2.0: upstream still', () => {
  const theme = installedDir('docusaurus-theme-openapi-docs@5.2.0');

  for (const component of ['RequestSchema', 'ResponseSchema', 'ResponseHeaders']) {
    test(`lists ${component}'s properties in a <ul> whose children are not <li>s`, () => {
      const source = published('docusaurus-theme-openapi-docs@5.2.0', `lib/theme/${component}/index.js`);
      assert.match(
        source,
        /createElement\(\s*"ul",\s*\{ style: \{ marginLeft: "1rem" \} \},\s*(?:react_1\.default\.createElement\(Schema_1|Object\.entries)/,
      );
    });
  }

  test('SchemaItem, each child of those lists, draws a <div>', () => {
    assert.match(
      readFileSync(join(theme, 'lib/theme/SchemaItem/index.js'), 'utf8'),
      /return react_1\.default\.createElement\(\s*"div",\s*\{ className: "openapi-schema__list-item" \}/,
    );
  });
});

describe('@stoplight/path 1.3.2', () => {
  test('upstream still runs its grammar on every parse, with no cache', () => {
    const source = published('@stoplight/path@1.3.2', 'index.cjs.js');
    // Asserted without printing the file: it is one minified line of 10 kB.
    assert.ok(
      /return grammar_1\(r,\{\}\)\}function normalize\(/.test(source),
      'parse no longer calls the grammar directly',
    );
    assert.ok(!/parseCache|new Map/.test(source), 'upstream parse has a cache of its own');
  });

  test("the cache hands each caller its own copy: a caller's change does not reach the next", () => {
    const path = createRequire(join(installedDir('@stoplight/path@1.3.2'), 'package.json'))('./index.cjs.js');
    const first = path.parse('/a/b/../c.yaml');
    first.path.push('changed');
    assert.deepEqual(path.parse('/a/b/../c.yaml').path, ['a', 'b', '..', 'c.yaml']);
    assert.equal(path.join('/a/b', '../c.yaml'), '/a/c.yaml');
    assert.equal(path.dirname('/a/b/c.yaml'), '/a/b');
    assert.equal(path.dirname('/a/b/c.yaml'), '/a/b');
  });
});
