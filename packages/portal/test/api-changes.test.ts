// The API changes page (scripts/api-changes.mjs): api-diff's changes between
// the released bundles, one section per release, newest first, and the
// unreleased changes of the bundle being built on top; corrections listed with
// their reason. Then the production build: the page is there and the API
// sidebar links to it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { readCorrections } from '@webmon/api-diff';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiChanges, apiChangesPage } from '../scripts/api-changes.mjs';
import { buildDir } from './helpers';

const require = createRequire(import.meta.url);
type Bundle = { info: { version: string }; paths: Record<string, Record<string, unknown>> } & Record<string, unknown>;
const specDir = join(require.resolve('@webmon/spec/package.json'), '..');
const released = JSON.parse(readFileSync(join(specDir, 'released/openapi.json'), 'utf8')) as Bundle;
const corrections = readCorrections(parse(readFileSync(join(specDir, 'released/corrections.yaml'), 'utf8')));
const current = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8')) as Bundle;

/** The bundle being built, with the uptime check's timeout bound lowered from 75 to 60. */
function lowered(): Bundle {
  const copy = structuredClone(current);
  const schemas = (copy.components as { schemas: Record<string, { properties: Record<string, { maximum: number }> }> })
    .schemas;
  expect(schemas.UptimeTestUpdate.properties.timeout.maximum).toBe(75);
  schemas.UptimeTestUpdate.properties.timeout.maximum = 60;
  return copy;
}

describe('the API changes page', () => {
  it('puts the unreleased changes on top of the releases, breaking ones first, corrections with their reason', () => {
    const [unreleased, ...rest] = apiChanges({ released: [released], current: lowered(), corrections, release: false });
    expect(unreleased.title).toBe(`Unreleased (since ${released.info.version})`);
    expect(unreleased.rows[0]).toEqual({
      change: 'Breaking',
      operation: 'POST /uptime',
      where: 'request body.timeout',
      what: 'maximum changed from 75 to 60',
    });
    // Every correction is used by the bundle being built, its reason listed once and its rows pointing to it.
    const corrected = unreleased.rows.filter((row) => row.change.startsWith('Corrected ('));
    expect(corrected.length).toBeGreaterThan(0);
    expect(unreleased.reasons.length).toBe(new Set(corrections.map(({ why }) => why.trim())).size);
    expect(new Set(corrected.map((row) => row.change))).toEqual(
      new Set(unreleased.reasons.map((_, index) => `Corrected (${index + 1})`)),
    );
    expect(rest.map((section) => section.title)).toEqual([released.info.version]);
  });

  it('titles the top section with the version being released on a release build, one section per release below', () => {
    // An older release without the PUT /uptime/{test_id} operation: the released 1.2.0 added it.
    const older = structuredClone(released);
    older.info.version = '1.1.0';
    delete older.paths['/uptime/{test_id}'].put;
    const [top, last, first] = apiChanges({
      released: [older, released],
      current: lowered(),
      corrections,
      release: true,
    });
    expect([top.title, last.title, first.title]).toEqual([
      `${current.info.version} (this release)`,
      released.info.version,
      '1.1.0',
    ]);
    expect(last.rows).toContainEqual(expect.objectContaining({ change: 'Added', operation: 'PUT /uptime/{test_id}' }));
    expect(last.rows.filter((row) => row.change.startsWith('Corrected'))).toEqual([]);
    expect(first.summary).toContain('The first release recorded here');
  });

  it('says nothing of an unreleased section when the bundle is the released one', () => {
    const sections = apiChanges({ released: [released], current: released, corrections: [], release: false });
    expect(sections.map((section) => section.title)).toEqual([released.info.version]);
  });

  it("the page's headings are the sections' titles, each drawn from the generated data", () => {
    const sections = apiChanges({ released: [released], current: lowered(), corrections, release: false });
    const page = apiChangesPage(sections);
    expect(page.match(/^## .*/gm)).toEqual([
      `## Unreleased (since ${released.info.version})`,
      `## ${released.info.version}`,
    ]);
    expect(page.match(/<ApiChanges section=\{changes\[\d+\]\} \/>/g)).toEqual([
      '<ApiChanges section={changes[0]} />',
      '<ApiChanges section={changes[1]} />',
    ]);
  });

  it('is built into the site, linked from the API sidebar', () => {
    const html = join(buildDir, 'api/api-changes/index.html');
    expect(existsSync(html), `${html}: run pnpm build`).toBe(true);
    const built = readFileSync(html, 'utf8');
    expect(built).toMatch(/<h1[^>]*>API changes<\/h1>/);
    // Every section and every row is in the page's HTML, not drawn by its script only.
    const sections = apiChanges({ released: [released], current, corrections, release: false });
    for (const { title } of sections) expect(built).toContain(`>${title}<`);
    const tables = sections.filter((section) => section.rows.length);
    expect(built.match(/<tr>/g)?.length).toBe(tables.reduce((rows, section) => rows + 1 + section.rows.length, 0));
    // The sidebar's link (the build writes attributes unquoted where it can).
    expect(readFileSync(join(buildDir, 'api/index.html'), 'utf8')).toMatch(
      /<a class="?menu__link"? href="?\/api\/api-changes"?>(<[^>]+>)*API changes</,
    );
  });
});
