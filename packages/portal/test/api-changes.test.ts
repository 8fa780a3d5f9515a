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
import { apiChangesPage } from '../scripts/api-changes.mjs';
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

/** The page's sections: each `## ` heading with the lines under it. */
const sections = (page: string) =>
  page
    .split(/^## /m)
    .slice(1)
    .map((text) => ({ title: text.split('\n')[0], body: text }));

describe('the API changes page', () => {
  it('puts the unreleased changes on top of the releases, breaking ones first, corrections with their reason', () => {
    const page = apiChangesPage({ released: [released], current: lowered(), corrections, release: false });
    const [unreleased, ...rest] = sections(page);
    expect(unreleased.title).toBe(`Unreleased (since ${released.info.version})`);
    const rows = unreleased.body.split('\n').filter((line) => line.startsWith('| ') && !/^\| (Change|---) /.test(line));
    expect(rows[0]).toBe('| Breaking | `POST /uptime` | `request body.timeout` | maximum changed from 75 to 60 |');
    // Every correction is used by the bundle being built, and its reason is printed once.
    const correctedRows = rows.filter((row) => row.startsWith('| Corrected ('));
    expect(correctedRows.length).toBeGreaterThan(0);
    const reasons = unreleased.body.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(reasons.length).toBe(new Set(corrections.map(({ why }) => why.trim())).size);
    expect(rest.map((section) => section.title)).toEqual([released.info.version]);
  });

  it('titles the top section with the version being released on a release build, one section per release below', () => {
    // An older release without the PUT /uptime/{test_id} operation: the released 1.2.0 added it.
    const older = structuredClone(released);
    older.info.version = '1.1.0';
    delete older.paths['/uptime/{test_id}'].put;
    const page = apiChangesPage({ released: [older, released], current: lowered(), corrections, release: true });
    const [top, last, first] = sections(page);
    expect([top.title, last.title, first.title]).toEqual([
      `${current.info.version} (this release)`,
      released.info.version,
      '1.1.0',
    ]);
    expect(last.body).toContain('| Added | `PUT /uptime/{test_id}` |');
    expect(last.body).not.toContain('Corrected');
    expect(first.body).toContain('The first release recorded here');
  });

  it('says nothing of an unreleased section when the bundle is the released one', () => {
    const page = apiChangesPage({ released: [released], current: released, corrections: [], release: false });
    expect(sections(page).map((section) => section.title)).toEqual([released.info.version]);
  });

  it('is built into the site, linked from the API sidebar', () => {
    const html = join(buildDir, 'api/api-changes/index.html');
    expect(existsSync(html), `${html}: run pnpm build`).toBe(true);
    expect(readFileSync(html, 'utf8')).toMatch(/<h1[^>]*>API changes<\/h1>/);
    // The sidebar's link (the build writes attributes unquoted where it can).
    expect(readFileSync(join(buildDir, 'api/index.html'), 'utf8')).toMatch(
      /<a class="?menu__link"? href="?\/api\/api-changes"?>(<[^>]+>)*API changes</,
    );
  });
});
