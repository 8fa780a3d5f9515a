// The search modal's grouping and snippets (src/search/results.ts), and the
// index text (src/plugins/searchModal.ts): Node only, on the production
// build's search-index.json (turbo builds first) and on small HTML.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { condensedText, type TextNode } from '../src/plugins/searchModal';
import {
  DocumentKind,
  groupByPage,
  highlightParts,
  type IndexDocument,
  makeSnippet,
  matchedKeywords,
} from '../src/search/results';
import { buildDir } from './helpers';

// cheerio as the search plugin parses pages with it (its dependency, not ours).
const require = createRequire(import.meta.url);
type Cheerio = (selector: string | TextNode) => { get: () => TextNode[]; contents: () => { get: () => TextNode[] } };
const { load } = createRequire(require.resolve('@easyops-cn/docusaurus-search-local'))('cheerio') as {
  load: (html: string) => Cheerio;
};

const page = (i: number, t: string, u: string): IndexDocument => ({ i, t, u, b: ['Guides'] });

describe('groupByPage', () => {
  const errors = page(1, 'Errors', '/guides/api/errors');
  const limits = page(2, 'Rate limiting', '/guides/api/ratelimiting');
  const hits = [
    { type: DocumentKind.Heading, document: { i: 3, t: 'Headers', u: limits.u, h: '#headers', p: 2 }, page: limits },
    { type: DocumentKind.Title, document: errors, page: false as const },
    { type: DocumentKind.Title, document: limits, page: false as const },
    {
      type: DocumentKind.Content,
      document: {
        i: 4,
        t: 'Every answer carries the rate limit headers.',
        s: 'Headers',
        u: limits.u,
        h: '#headers',
        p: 2,
      },
      page: limits,
    },
  ].map((hit) => ({ ...hit, tokens: ['rate'] }));

  it('one group per page, in the order of its best hit, items in hit order', () => {
    const groups = groupByPage(hits);
    expect(groups.map((g) => g.pageUrl)).toEqual(['/guides/api/ratelimiting', '/guides/api/errors']);
    expect(groups[0].pageTitle).toBe('Rate limiting');
    expect(groups[0].items.map((item) => item.url)).toEqual([
      '/guides/api/ratelimiting#headers',
      '/guides/api/ratelimiting',
    ]);
  });

  it('a section found by heading and by content is listed once, with the content as its snippet', () => {
    const [limitsGroup] = groupByPage(hits);
    const headers = limitsGroup.items.filter((item) => item.url.endsWith('#headers'));
    expect(headers).toHaveLength(1);
    expect(headers[0].title).toBe('Headers');
    expect(headers[0].snippet).toBe('Every answer carries the rate limit headers.');
  });
});

describe('groupByPage, a page the query names', () => {
  const windows = page(5, 'Create a maintenance window', '/api/create-maintenance-window');
  const uptime = page(6, 'Create an uptime check', '/api/create-uptime-test');
  const keywords = (of: IndexDocument, t: string) => ({
    type: DocumentKind.Keywords,
    document: { i: of.i, t, s: of.t, u: of.u, p: of.i },
    page: of,
    tokens: ['creat', 'uptim', 'test'],
  });
  // As the index answers `create uptime test`: a description's hit before any keywords' hit.
  const hits = [
    {
      type: DocumentKind.Description,
      document: {
        i: 5,
        t: 'Creates a maintenance window covering the uptime checks named in `tests`.',
        s: windows.t,
        u: windows.u,
        p: 5,
      },
      page: windows,
      tokens: ['creat', 'uptim', 'test'],
    },
    keywords(windows, 'POST /maintenance-windows, create-maintenance-window, client.maintenanceWindows.create, tests'),
    keywords(uptime, 'POST /uptime, create-uptime-test, client.uptime.create, uptime.create, check_rate'),
  ];

  it.each(['create uptime test', 'create-uptime-test', 'Uptime.Create', 'client.uptime.create', 'post /uptime'])(
    '%s: the operation it names comes first',
    (query) => {
      expect(groupByPage(hits, query).map((g) => g.pageUrl)).toEqual([uptime.u, windows.u]);
    },
  );

  it('a title hit names its page, articles aside: get-contact-group is "Get a contact group"', () => {
    const get = page(7, 'Get a contact group', '/api/get-contact-group');
    const schema = page(8, 'PagespeedTest', '/api/schemas/pagespeedtest');
    const found = [
      {
        type: DocumentKind.Description,
        document: { i: 8, t: 'A pagespeed check alerts when it gets too slow.', s: schema.t, u: schema.u, p: 8 },
        page: schema,
        tokens: ['get', 'contact', 'group'],
      },
      { type: DocumentKind.Title, document: get, page: false as const, tokens: ['get', 'contact', 'group'] },
    ];
    for (const query of ['get-contact-group', 'Get contact group', 'get a contact group'])
      expect(
        groupByPage(found, query).map((g) => g.pageUrl),
        query,
      ).toEqual([get.u, schema.u]);
    expect(groupByPage(found, 'contact group').map((g) => g.pageUrl)).toEqual([schema.u, get.u]);
  });

  it("a field's name or a word names no page: the index's order stays", () => {
    for (const query of ['check_rate', 'tests', 'uptime', ''])
      expect(groupByPage(hits, query).map((g) => g.pageUrl)).toEqual([windows.u, uptime.u]);
  });
});

describe('matchedKeywords', () => {
  const keywords = 'POST /uptime, create-uptime-test, client.uptime.create, uptime.create, name, check_rate, paused';

  it("shows the keywords that matched, not the page's whole list", () => {
    expect(matchedKeywords(keywords, ['paus'])).toBe('paused');
    expect(matchedKeywords(keywords, ['check_rate'])).toBe('check_rate');
    expect(matchedKeywords(keywords, ['test', 'creat'])).toBe(
      'create-uptime-test, client.uptime.create, uptime.create',
    );
  });

  it('matches at the start of a word only', () => {
    expect(matchedKeywords(keywords, ['ime'])).toBe('');
    expect(matchedKeywords(keywords, ['rate'])).toBe('check_rate');
  });
});

describe('makeSnippet', () => {
  const words = Array.from({ length: 80 }, (_, i) => `word${i}`);
  const text = `${words.slice(0, 40).join(' ')} trigger_rate ${words.slice(40).join(' ')}`;

  it('keeps the match, cuts at word boundaries and marks each cut with an ellipsis', () => {
    const snippet = makeSnippet(text, ['trigger_rate'], 100);
    expect(snippet).toContain('trigger_rate');
    expect(snippet.length).toBeLessThanOrEqual(100 + 4);
    expect(snippet).toMatch(/^… word\d+ /);
    expect(snippet).toMatch(/ word\d+ …$/);
  });

  it('leaves short text whole and makes whitespace runs one space', () => {
    expect(makeSnippet('Retry  after\n the  reset.', ['retry'])).toBe('Retry after the reset.');
  });

  it('highlights words that start with a term, not matches inside words', () => {
    const parts = highlightParts('Rate limits: the ratelimit header, not accurate', ['rate']);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Rate', 'rate']);
    expect(parts.map((p) => p.text).join('')).toBe('Rate limits: the ratelimit header, not accurate');
  });
});

describe('index text', () => {
  it('sets adjacent elements apart by a space, keeps inline text inside a word together', () => {
    const $ = load(
      '<div id="x"><span><strong>trigger_rate</strong><span>integer</span><span></span><span>required</span></span>' +
        '<p>Use <code>tags[]</code>s, <em>not</em> <a href="#">commas</a>.<p>Default value:<!-- --> <code>15</code></div>',
    );
    const text = condensedText($('#x').get(), $);
    expect(text).toBe('trigger_rate integer required Use tags[]s, not commas. Default value: 15');
  });

  it("keeps a code block's tokens together as written, one space between its lines", () => {
    const $ = load(
      '<div id="x"><p>Then:</p><pre><code><div class="token-line"><span>await</span><span> </span><span>client</span>' +
        '<span>.</span><span>uptime</span><span>.</span><span>create</span><span>(</span><span>{</span></div>' +
        '<div class="token-line"><span>}</span><span>)</span><span>;</span></div></code></pre></div>',
    );
    expect(condensedText($('#x').get(), $)).toBe('Then: await client.uptime.create({ });');
  });

  const indexFile = join(buildDir, 'search-index.json');
  it.skipIf(!existsSync(indexFile))(
    'the built index has no schema field glued to its type ("trigger_rateinteger")',
    () => {
      const index = readFileSync(indexFile, 'utf8');
      expect(index).toContain('trigger_rate integer required');
      expect(index).not.toContain('trigger_rateinteger');
      expect(index).not.toMatch(/(integer|string|boolean|number|object)required/);
    },
  );

  it.skipIf(!existsSync(indexFile))("no page's text repeats another page's description (a tag page's cards)", () => {
    const [, , descriptions, , contents] = JSON.parse(readFileSync(indexFile, 'utf8')) as {
      documents: IndexDocument[];
    }[];
    const described = new Map(descriptions!.documents.map((doc) => [doc.t, doc.u]));
    expect(described.size).toBeGreaterThan(30);
    const repeats = contents!.documents
      .filter((doc) => described.has(doc.t) && described.get(doc.t) !== doc.u)
      .map((doc) => `${doc.u} (${doc.s}) repeats ${described.get(doc.t)}`);
    expect(repeats).toEqual([]);
  });
});
