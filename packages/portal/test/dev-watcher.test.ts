// The dev server's file watchers (our @docusaurus/core patch, patches/README.md):
// a save that rewrites a few of the reference's pages has chokidar read their
// folders again a couple of times, not once per fs event and per pattern (60
// to 100 times a save before, 1.5-2 s of the dev server's main thread). Run in
// a child process that counts fs.readdir calls: chokidar's readdirp takes
// fs.readdir when it loads, so the counter must be in place first.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { portalDir } from './helpers';

const site = mkdtempSync(join(tmpdir(), 'dev-watcher-'));
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** A folder laid out as api-docs/ is: pages with JSON beside them, and a schemas/ folder. */
function reference(): { pages: string[]; sidecars: string[] } {
  mkdirSync(join(site, 'docs/schemas'), { recursive: true });
  const pages: string[] = [];
  const sidecars: string[] = [];
  for (let i = 0; i < 74; i++) {
    pages.push(`docs/op-${i}.api.mdx`);
    sidecars.push(`docs/op-${i}.RequestSchema.json`);
  }
  for (let i = 0; i < 64; i++) {
    pages.push(`docs/schemas/schema-${i}.schema.mdx`);
    sidecars.push(`docs/schemas/schema-${i}.Schema.json`);
  }
  for (const file of [...pages, ...sidecars]) writeFileSync(join(site, file), 'before\n');
  return { pages, sidecars };
}

/**
 * Watches the folder as the docs plugin asks (its include globs), waits until
 * both folders are watched (a probe file in each is seen), then rewrites
 * `files` and waits for the change events of the watched ones. Returns the
 * readdir calls made from the first write until then, and the events.
 */
const CHILD = `
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
let reads = 0;
const readdir = fs.readdir;
fs.readdir = function (...args) { reads += 1; return readdir.apply(this, args); };
const [portalDir, site, filesJson] = process.argv.slice(1);
const { watch } = createRequire(join(portalDir, 'package.json'))('@docusaurus/core/lib/commands/start/watcher.js');
const events = [];
let heard = () => {};
const close = watch({ pathsToWatch: ['docs/**/*.{md,mdx}', 'docs/**/_category_.{json,yml,yaml}'], siteDir: site }, (event) => {
  events.push(event.name + ' ' + event.path);
  heard();
});
const until = (test) => new Promise((resolve) => {
  const check = () => { if (test()) resolve(); else setTimeout(check, 20); };
  heard = check;
  check();
});
const probes = ['docs/probe.mdx', 'docs/schemas/probe.mdx'];
await until(() => {
  for (const probe of probes) fs.writeFileSync(join(site, probe), String(Date.now()));
  return probes.every((probe) => events.some((event) => event.endsWith(probe)));
});
events.length = 0;
reads = 0;
const files = JSON.parse(filesJson);
for (const file of files) fs.writeFileSync(join(site, file), 'after\\n');
const watched = files.filter((file) => file.endsWith('.mdx'));
await until(() => watched.every((file) => events.includes('change ' + file)));
// A probe's write may still be heard after the reset.
console.log(JSON.stringify({ reads, events: [...new Set(events)].filter((event) => !event.endsWith('probe.mdx')).sort() }));
await close();
// chokidar's closed watchers can keep the event loop alive.
process.exit(0);
`;

describe('pnpm dev: the dev server watching the reference', () => {
  it('a save rewriting 13 of 276 pages reads their folders again at most a few times, and reports the watched ones', () => {
    const { pages, sidecars } = reference();
    // As a bound edit: 3 pages and 4 JSON files beside them, 3 schema pages and their 3 JSON files.
    const saved = [...pages.slice(0, 3), ...sidecars.slice(0, 4), ...pages.slice(74, 77), ...sidecars.slice(74, 77)];
    const output = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', CHILD, portalDir, site, JSON.stringify(saved)],
      { encoding: 'utf8', timeout: 120_000 },
    );
    const { reads, events } = JSON.parse(output) as { reads: number; events: string[] };
    expect(events).toEqual(
      saved
        .filter((file) => file.endsWith('.mdx'))
        .map((file) => `change ${file}`)
        .sort(),
    );
    expect(reads).toBeLessThanOrEqual(4);
  });
});
