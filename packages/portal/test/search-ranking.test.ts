// The search's ranking (src/search/results.ts's rankResults) over the local
// search plugin's own worker and the build's index, in Node
// (test/search-engine.ts): the share of right first results on the query
// list the browser test also asks (test/search-relevance.test.ts), and the
// shape of the results: sections with schemas last, each page once, merged
// twins, clean snippets, nothing for a passing mention.
import { describe, expect, it } from 'vitest';
import { rankResults, SECTION_ORDER } from '../src/search/results';
import { workerSearch } from './search-engine';
import { QUERIES } from './search-queries';

const ranked = async (query: string) => rankResults(await workerSearch(query, 100), query);

describe('search ranking (the worker over the build index, in Node)', () => {
  it(`the first result is the page meant for at least 90 % of ${QUERIES.length} queries`, async () => {
    const wrong: string[] = [];
    for (const [query, expected] of QUERIES) {
      const first = (await ranked(query))[0]?.groups[0]?.pageUrl.replace(/(.)\/$/, '$1') ?? null;
      if (first !== expected)
        wrong.push(`"${query}": expected ${expected ?? 'no results'}, got ${first ?? 'no results'}`);
    }
    const share = (QUERIES.length - wrong.length) / QUERIES.length;
    console.log(
      `search ranking (Node): ${QUERIES.length - wrong.length}/${QUERIES.length} right first results (${Math.round(share * 100)} %)${wrong.map((line) => `\n  ${line}`).join('')}`,
    );
    expect(share).toBeGreaterThanOrEqual(0.9);
  });

  it('a word the API has only in passing in schema field descriptions has no result ("webhook")', async () => {
    expect(await workerSearch('webhook', 100)).not.toHaveLength(0); // the index does find it…
    expect(await ranked('webhook')).toEqual([]); // …in the contact group schemas' `integrations` description only
  });

  it.each(['maintenance window timezone', 'uptime', 'contact group sms', 'pagination', 'ssl certificate'])(
    '"%s": sections in the order Guides, Endpoints, API changes, Schemas; schemas last; each page once',
    async (query) => {
      const sections = await ranked(query);
      const kinds = sections.map((section) => section.kind);
      expect(kinds.length).toBeGreaterThan(0);
      if (kinds.includes('schemas')) expect(kinds.at(-1)).toBe('schemas');
      expect(new Set(kinds).size).toBe(kinds.length);
      expect(kinds.every((kind) => SECTION_ORDER.includes(kind))).toBe(true);
      const urls = sections.flatMap((section) => section.groups.map((group) => group.pageUrl));
      expect(new Set(urls).size).toBe(urls.length);
    },
  );

  it('a schema named as written comes first (`ContactGroup`), a concept does not (`pagination`)', async () => {
    expect((await ranked('ContactGroup'))[0]?.kind).toBe('schemas');
    expect((await ranked('pagination'))[0]?.kind).toBe('guides');
  });

  it('"uptime" lists the Uptime page and "Get an uptime check" once each', async () => {
    const titles = (await ranked('uptime')).flatMap((section) => section.groups.map((group) => group.pageTitle));
    expect(titles.filter((title) => title === 'Uptime')).toHaveLength(1);
    expect(titles.filter((title) => title === 'Get an uptime check')).toHaveLength(1);
  });

  it('schemas that repeat one field description are one entry, naming the others', async () => {
    const schemas = (await ranked('contact group sms')).find((section) => section.kind === 'schemas');
    const snippets = schemas?.groups.map((group) => group.items[0]?.snippet) ?? [];
    expect(new Set(snippets).size).toBe(snippets.length);
    expect(schemas?.groups.some((group) => (group.also?.length ?? 0) > 0)).toBe(true);
  });

  it.each(['paused', 'client.uptime.create', 'status_codes_csv', 'tags', 'retry', 'x-ratelimit-reset'])(
    '"%s": snippets are text as read, no Markdown marks and no code spaced out token by token',
    async (query) => {
      const snippets = (await ranked(query)).flatMap((section) =>
        section.groups.flatMap((group) => group.items.map((item) => item.snippet)),
      );
      expect(snippets.length).toBeGreaterThan(0);
      for (const snippet of snippets) {
        expect(snippet).not.toMatch(/`|\*\*|\]\(/);
        // Prism's tokens were joined with spaces: `client . uptime . create (`.
        expect(snippet).not.toMatch(/\w \. \w| \( | \)|\[ \]/);
      }
    },
  );
});
