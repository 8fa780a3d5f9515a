// The changelog (scripts/api-changes.mjs): api-diff's changes between the
// released bundles, a page per release, newest first, and the unreleased
// changes of the bundle being built on top; each change a sentence under its
// resource, breaking changes first, corrections with their reason in the
// reader's words. Then the production build: the pages, their Markdown twins
// and the Atom feed have the same sections, linked from the API sidebar, and
// read on a phone without sideways scrolling.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { diffBundles, readCorrections, verdict } from '@webmon/api-diff';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  apiChanges,
  type ChangelogVersion,
  changelogFeed,
  changelogIndex,
  HEADINGS,
  markdownHtml,
  versionMarkdown,
} from '../scripts/api-changes.mjs';
import { buildDir, decodeEntities, gotoHydrated, newTab, useSite } from './helpers';

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

/** Every sentence of a page, `Resource: sentence`. */
const said = (version: ChangelogVersion) =>
  [...version.breaking, ...version.corrections.flatMap(({ changes }) => changes), ...version.changes].flatMap(
    ({ resource, sentences }) => sentences.map((sentence) => `${resource}: ${sentence}`),
  );
const headings = (markdown: string) => markdown.match(/^## .*/gm)?.map((line) => line.slice(3)) ?? [];

describe('the changelog', () => {
  it('is a page per release, the unreleased changes on top', () => {
    const versions = apiChanges({ released: [released], current: lowered(), corrections, release: false });
    expect(versions.map(({ id, title }) => [id, title])).toEqual([
      ['unreleased', 'Unreleased'],
      [`v${released.info.version.replaceAll('.', '-')}`, released.info.version],
    ]);
    // On a release build the top page is the version being released.
    const [top] = apiChanges({ released: [released], current: lowered(), corrections, release: true });
    expect(top?.title).toBe(current.info.version);
  });

  it('says a breaking change first, in one plain sentence under its resource, with its unit', () => {
    const [unreleased] = apiChanges({ released: [released], current: lowered(), corrections, release: false });
    if (!unreleased) throw new Error('no unreleased page');
    // POST /uptime and PUT /uptime/{test_id} both take UptimeTestUpdate's timeout: one sentence.
    expect(unreleased.breaking).toEqual([
      { resource: 'Uptime checks', sentences: ['`timeout` now accepts up to 60 seconds (was 75).'] },
    ]);
    const markdown = versionMarkdown(unreleased);
    expect(headings(markdown)[0]).toBe(HEADINGS.breaking);
    expect(markdown).toContain('- Uptime checks: `timeout` now accepts up to 60 seconds (was 75).');
    // The index lists every breaking change of every version, linked to its section.
    expect(changelogIndex([unreleased])).toContain(
      '- [Unreleased](/api/api-changes/unreleased#breaking-changes): Uptime checks: `timeout` now accepts up to 60 seconds (was 75).',
    );
    // A page without one says so, still first.
    const [same] = apiChanges({ released: [released], current, corrections, release: false });
    if (!same) throw new Error('no unreleased page');
    expect(headings(versionMarkdown(same))[0]).toBe(HEADINGS.breaking);
    expect(versionMarkdown(same)).toMatch(/## Breaking changes\n\nNone: /);
    expect(changelogIndex([same])).toMatch(/## Breaking changes\n\nNone of the versions above/);
  });

  it('groups the other changes by resource, each field named, each change said once', () => {
    const [unreleased] = apiChanges({ released: [released], current, corrections, release: false });
    if (!unreleased) throw new Error('no unreleased page');
    const result = verdict(
      diffBundles(released, current),
      released.info.version,
      current.info.version,
      'text',
      corrections,
    );
    const changes = [...result.breaking, ...result.corrected, ...result.features, ...result.info];
    expect(changes.length).toBeGreaterThan(100);
    const sentences = said(unreleased);
    // Far fewer sentences than changes: one per resource and kind of change.
    expect(sentences.length).toBeLessThan(changes.length / 2);
    for (const change of changes) {
      const field = change.where.match(/(\w+)(\[\])*$/)?.[1] ?? '';
      const named = field === 'data' ? /a page of results/ : new RegExp(`\`([\\w.\\[\\]]*\\.)?${field}\``);
      const resourceSaid = sentences.filter((sentence) => named.test(sentence));
      expect(resourceSaid, `${change.operation} ${change.where}: ${change.message}`).not.toEqual([]);
    }
    // The resources are the readers' names for them, each a section once.
    const resources = unreleased.changes.map(({ resource }) => resource);
    expect(new Set(resources).size).toBe(resources.length);
    expect(resources).toContain('Uptime checks');
    expect(resources).toContain('Monitoring locations');
    expect(headings(versionMarkdown(unreleased))).toEqual([HEADINGS.breaking, HEADINGS.corrections, ...resources]);
  });

  it("explains each correction once, in the reader's words, before the changes it covers", () => {
    const [unreleased] = apiChanges({ released: [released], current, corrections, release: false });
    if (!unreleased) throw new Error('no unreleased page');
    expect(unreleased.corrections.map(({ reason }) => reason)).toEqual([
      ...new Set(corrections.map(({ why }) => why.trim())),
    ]);
    for (const { reason, changes } of unreleased.corrections) {
      expect(changes.length, reason).toBeGreaterThan(0);
      // Notes for maintainers (how the mock or the sandbox is built, the provider's description) are not the reader's.
      expect(reason).not.toMatch(/\b(mock|memory|bytes|provider|info\.description|api-diff|bundle|schema|2\^)/i);
    }
    // A field's limit stated for requests and answers alike is one sentence, under its correction.
    const limits = unreleased.corrections[0]?.changes.flatMap(({ sentences }) => sentences) ?? [];
    expect(limits.join('\n')).toMatch(/`contact_groups` items/);
    expect(
      said(unreleased).filter((sentence) => /^Uptime checks: .*`contact_groups` items.* 64 characters/.test(sentence)),
    ).toHaveLength(1);
  });

  it('feeds each page into an Atom entry with the same sections, links absolute', () => {
    const versions = apiChanges({ released: [released], current: lowered(), corrections, release: false });
    const feed = changelogFeed(versions, { origin: 'https://docs.example.com', title: 'Example API' });
    const entries = feed.split('<entry>').slice(1);
    expect(entries).toHaveLength(versions.length);
    for (const [index, entry] of entries.entries()) {
      const version = versions[index] as ChangelogVersion;
      expect(entry).toContain(`<id>https://docs.example.com/api/api-changes/${version.id}</id>`);
      const html = decodeEntities(entry.match(/<content type="html">([\s\S]*?)<\/content>/)?.[1] ?? '');
      expect([...html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1])).toEqual(headings(versionMarkdown(version)));
    }
    expect(markdownHtml('- [`GET /uptime`](/api/list-uptime-tests) a\\_b', (path) => `https://x.test${path}`)).toBe(
      '<ul><li><a href="https://x.test/api/list-uptime-tests"><code>GET /uptime</code></a> a_b</li></ul>',
    );
  });
});

describe('the built changelog', () => {
  const built = JSON.parse(readFileSync(join(buildDir, '../generated/api-changes.json'), 'utf8')) as ChangelogVersion[];
  const html = (path: string) => {
    const file = join(buildDir, path, 'index.html');
    expect(existsSync(file), `${file}: run pnpm build`).toBe(true);
    return readFileSync(file, 'utf8');
  };

  it('has an index linking every version, and a page per version with the sections of its twin and feed entry', () => {
    const index = html('api/api-changes');
    expect(index).toMatch(/<h1[^>]*>API changes<\/h1>/);
    const feed = readFileSync(join(buildDir, 'api/api-changes.xml'), 'utf8');
    for (const version of built) {
      // The build writes attributes unquoted where it can.
      expect(index).toMatch(new RegExp(`href="?/api/api-changes/${version.id}[" >]`));
      const page = html(`api/api-changes/${version.id}`);
      const pageHeadings = [...page.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((m) =>
        decodeEntities((m[1] ?? '').replace(/<[^>]+>/g, '').replace(/\u200b/g, '')),
      );
      const twin = readFileSync(join(buildDir, `api/api-changes/${version.id}.md`), 'utf8');
      expect(twin.startsWith('# ')).toBe(true);
      expect(pageHeadings.filter((heading) => headings(twin).includes(heading))).toEqual(headings(twin));
      expect(feed).toContain(`/api/api-changes/${version.id}</id>`);
      // Code is code, never backticks shown as text.
      const text = decodeEntities(page.replace(/<code[\s\S]*?<\/code>/g, '').replace(/<[^>]+>/g, ''));
      expect(text).not.toContain('`');
    }
    expect(readFileSync(join(buildDir, 'api/api-changes.md'), 'utf8')).toContain('api-changes.xml');
    // Feed readers find the feed from any page; the API sidebar lists the changelog.
    const apiIndex = html('api');
    expect(apiIndex).toMatch(/<link[^>]+type="?application\/atom\+xml"?[^>]+href="?\/api\/api-changes\.xml"?/);
    expect(apiIndex).toMatch(/href="?\/api\/api-changes"?[^>]*>(<[^>]+>)*API changes</);
  });

  describe('in the browser', () => {
    const site = useSite();
    it('reads on a phone without sideways scrolling, and serves its feed as XML', async () => {
      const { page, close } = await newTab(site, { viewport: { width: 390, height: 844 } });
      try {
        for (const version of built) {
          await gotoHydrated(page, `/api/api-changes/${version.id}`);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(wide, version.id).toBeLessThanOrEqual(0);
        }
        const feed = await page.request.get(`${site.url}/api/api-changes.xml`);
        expect(feed.headers()['content-type']).toMatch(/^application\/xml/);
      } finally {
        await close();
      }
    });
  });
});
