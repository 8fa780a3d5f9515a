/**
 * What the search modal shows, from what the local index's worker returns:
 * results grouped by page (in the order of each page's best hit), each with
 * a short snippet cut at word boundaries around the first matched term.
 * Pure functions (no DOM), so Node tests read them directly.
 */

/** The document kinds of @easyops-cn/docusaurus-search-local's index (its SearchDocumentType). */
export const DocumentKind = { Title: 0, Heading: 1, Description: 2, Keywords: 3, Content: 4 } as const;

/** One indexed document, as in search-index.json: i id, t text, u url, h hash, p page id, s section, b breadcrumb. */
export interface IndexDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
  s?: string;
  b?: string[];
}

/** One hit as the worker's `search` returns it (best first). */
export interface WorkerHit {
  document: IndexDocument;
  type: number;
  /** The page's title document (false for a title hit: the document is the page). */
  page: IndexDocument | false | undefined;
  /** The query's tokens as the index stemmed them, for highlighting. */
  tokens: string[];
  /** lunr's score of the hit within its kind of document (how often and how rare its words are). */
  score?: number;
}

export interface ResultItem {
  /** Where a click goes: the page, or the page's section. */
  url: string;
  /** The section's heading, or the page title for a hit on the page itself. */
  title: string;
  /** Text around the match, trimmed at word boundaries; empty for a title or heading hit. */
  snippet: string;
}

export interface ResultGroup {
  pageTitle: string;
  pageUrl: string;
  /** Breadcrumb of the page ("Guides", "API", ...), for telling two same-named pages apart. */
  trail: string[];
  items: ResultItem[];
  /** Other pages that said the same (merged: schemas repeating one field description). */
  also?: { title: string; url: string }[];
}

const SNIPPET_CHARS = 140;

/**
 * Text as a reader sees it: a page's description is indexed as its Markdown
 * source (`` `paused` ``, `**not**`, `[errors](./errors.mdx)`), so its marks
 * go; whitespace runs become one space.
 */
export function plainText(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Cuts `text` to about `max` characters around the first occurrence of any of
 * `terms` (case-insensitive, prefix match as the index does), at word
 * boundaries, with an ellipsis on each cut side. Whitespace runs become one space.
 */
export function makeSnippet(text: string, terms: readonly string[], max = SNIPPET_CHARS): string {
  const clean = plainText(text);
  if (clean.length <= max) return clean;
  const lower = clean.toLowerCase();
  let at = -1;
  for (const term of terms) {
    const found = term ? lower.indexOf(term.toLowerCase()) : -1;
    if (found >= 0 && (at < 0 || found < at)) at = found;
  }
  // Some context before the match, the rest after it.
  let start = at < 0 ? 0 : Math.max(0, at - Math.floor(max / 4));
  let end = Math.min(clean.length, start + max);
  start = Math.max(0, end - max);
  if (start > 0) {
    const space = clean.indexOf(' ', start);
    start = space >= 0 && space < (at < 0 ? end : at) ? space + 1 : start;
  }
  if (end < clean.length) {
    const space = clean.lastIndexOf(' ', end);
    end = space > start && space > at ? space : end;
  }
  return `${start > 0 ? '… ' : ''}${clean.slice(start, end).replace(/[\s,;:]+$/, '')}${end < clean.length ? ' …' : ''}`;
}

/**
 * Splits `text` into plain and matched parts (for <mark>): words starting
 * with one of `terms`, case-insensitive.
 */
export function highlightParts(text: string, terms: readonly string[]): { text: string; match: boolean }[] {
  const wanted = terms.filter(Boolean).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (wanted.length === 0) return [{ text, match: false }];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(${wanted.join('|')})`, 'giu');
  const parts: { text: string; match: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const index = m.index ?? 0;
    if (index > last) parts.push({ text: text.slice(last, index), match: false });
    parts.push({ text: m[0], match: true });
    last = index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** Lower case, every run of other characters than letters and digits one space: `create-uptime-test` reads as `create uptime test`. */
const asWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const ARTICLES = new Set(['a', 'an', 'the']);
const withoutArticles = (words: string) =>
  words
    .split(' ')
    .filter((word) => !ARTICLES.has(word))
    .join(' ');

/**
 * The keywords (comma-separated, scripts/search-keywords.mjs) with a word
 * that starts as one of `terms` does (`uptim` in `create-uptime-test`,
 * `check_rate` in `check_rate`), at most three: the page's whole list (up to
 * 30 field names) said nothing about why it was found.
 */
export function matchedKeywords(keywords: string, terms: readonly string[]): string {
  const wanted = terms.map((term) => ` ${asWords(term)}`).filter((term) => term !== ' ');
  return keywords
    .split(', ')
    .filter((keyword) => wanted.some((term) => ` ${asWords(keyword)}`.includes(term)))
    .slice(0, 3)
    .join(', ');
}

/**
 * Whether `hit` names its page as `query` does: the page's title (articles
 * aside), or one of its keywords that names an operation (`create-uptime-test`,
 * `client.uptime.create`, `POST /uptime`; scripts/search-keywords.mjs), in any
 * case and with any separators. A field name (`check_rate`) names no page:
 * many take it.
 */
function namesPage(hit: WorkerHit, query: string): boolean {
  // `get-contact-group` names "Get a contact group": articles aside, the same words.
  if (hit.type === DocumentKind.Title) return withoutArticles(asWords(hit.document.t)) === withoutArticles(query);
  if (hit.type !== DocumentKind.Keywords) return false;
  return hit.document.t.split(', ').some((keyword) => !/^[a-z][a-z0-9_]*$/.test(keyword) && asWords(keyword) === query);
}

/**
 * Groups hits by page: one group per page, in the order of its best hit; one
 * item per section. A page that the query names comes first: the index ranks
 * a description's words above keywords, so `create uptime test` found the
 * maintenance window's page (its description speaks of uptime checks and
 * `tests`) before the operation it names.
 */
export function groupByPage(hits: readonly WorkerHit[], query = ''): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const hit of hits) {
    const { document: doc } = hit;
    const page = hit.type === DocumentKind.Title || !hit.page ? doc : hit.page;
    const key = page.u;
    let group = groups.get(key);
    if (!group) {
      group = { pageTitle: page.t, pageUrl: page.u, trail: page.b ?? [], items: [] };
      groups.set(key, group);
    }
    const url = `${doc.u}${doc.h ?? ''}`;
    const title = hit.type === DocumentKind.Title || hit.type === DocumentKind.Heading ? doc.t : undefined;
    const item: ResultItem = title
      ? { url, title, snippet: '' }
      : {
          url,
          title: doc.s && doc.s !== page.t ? doc.s : page.t,
          snippet:
            hit.type === DocumentKind.Keywords ? matchedKeywords(doc.t, hit.tokens) : makeSnippet(doc.t, hit.tokens),
        };
    const same = group.items.find((existing) => existing.url === item.url);
    if (!same) group.items.push(item);
    else if (!same.snippet && item.snippet) same.snippet = item.snippet;
  }
  const wanted = asWords(query);
  const named = new Set(hits.filter((hit) => wanted && namesPage(hit, wanted)).map((hit) => hit.document.u));
  const ordered = [...groups.values()];
  return [...ordered.filter((g) => named.has(g.pageUrl)), ...ordered.filter((g) => !named.has(g.pageUrl))];
}

/** Where a page belongs in the results: the order of the sections, schemas last. */
export type SectionKind = 'guides' | 'endpoints' | 'changelog' | 'schemas';
export const SECTION_ORDER: readonly SectionKind[] = ['guides', 'endpoints', 'changelog', 'schemas'];

export function sectionOf(url: string): SectionKind {
  if (url.startsWith('/api/schemas/')) return 'schemas';
  if (url.startsWith('/api/api-changes')) return 'changelog';
  if (url.startsWith('/api')) return 'endpoints';
  return 'guides';
}

export interface ResultSection {
  kind: SectionKind;
  groups: ResultGroup[];
}

/** Words a query carries no meaning in ("how do I pause a check"). */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it my of on or the to what when where which with you your'.split(
    ' ',
  ),
);

/**
 * A word's stem, roughly as lunr's stemmer does for what the guides say:
 * `retries`, `retried` and `retry` read as `retr`, `paused` and `pause` as
 * `paus`, `checks` as `check`. Prefix-compared, so it need not be a word.
 */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(ies|ied|ing|es|ed|s|y|e)$/, '');
}

/** The query's meaningful words, each as its stem (all of them when every word is a stop word). */
export function queryStems(query: string): string[] {
  const words = asWords(query).split(' ').filter(Boolean);
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return [...new Set((meaningful.length ? meaningful : words).map(stem))];
}

/** How many of `stems` start a word of `text` (`x-ratelimit-reset` holds `ratelimit` and `reset`). */
function covered(text: string, stems: readonly string[]): number {
  const words = asWords(text).split(' ');
  // Also the text's words run together (`contactgroup`, `ratelimit`): a CamelCase name, a header's parts.
  const joined = asWords(text).replace(/ /g, '');
  return stems.filter((s) => words.some((word) => word.startsWith(s)) || (s.length > 5 && joined.includes(s))).length;
}

interface PageScore {
  group: ResultGroup;
  section: SectionKind;
  score: number;
  /** Found by something more than a passing mention in a schema's field descriptions. */
  meaningful: boolean;
  named: boolean;
}

/**
 * The results as readers scan them: the pages in sections (Guides, Endpoints,
 * the changelog, then Schemas, always last unless the query names one), each
 * page once, ranked by where the query's words are found on it: a page the
 * query names, then its title, a heading, its description, its keywords (the
 * operation's names and fields) and its text, all of the words before some
 * of them. Schema pages that carry the same field description (a contact
 * group's five schemas saying "webhooks") are one entry. A query found only
 * in passing in schema field descriptions has no result: the API has nothing
 * by that name (`webhook`).
 */
export function rankResults(hits: readonly WorkerHit[], query: string): ResultSection[] {
  const stems = queryStems(query);
  const wanted = asWords(query);
  const groups = groupByPage(hits);
  const byUrl = new Map<string, PageScore>();
  groups.forEach((group, order) => {
    byUrl.set(group.pageUrl, {
      group,
      section: sectionOf(group.pageUrl),
      // The index's own order breaks ties.
      score: -order / 1000,
      meaningful: false,
      named: false,
    });
  });
  const all = stems.length;
  const full = (text: string) => all > 0 && covered(text, stems) === all;
  const seen = new Map<string, Set<number>>();
  const texts = new Map<string, string[]>();
  for (const hit of hits) {
    const page = hit.type === DocumentKind.Title || !hit.page ? hit.document : hit.page;
    const entry = byUrl.get(page.u);
    if (!entry) continue;
    const kinds = seen.get(page.u) ?? new Set<number>();
    seen.set(page.u, kinds);
    const pageTexts = texts.get(page.u) ?? [page.t];
    texts.set(page.u, pageTexts);
    pageTexts.push(hit.document.t, hit.document.s ?? '');
    kinds.add(hit.type);
    if (wanted && namesPage(hit, wanted)) entry.named = true;
  }
  // lunr's score of each page's hits that hold all the words, as a share of the best page's.
  const weight = new Map<string, number>();
  for (const hit of hits) {
    if (!full(`${hit.document.s ?? ''} ${hit.document.t}`)) continue;
    const url = (hit.type === DocumentKind.Title || !hit.page ? hit.document : hit.page).u;
    weight.set(url, (weight.get(url) ?? 0) + (hit.score ?? 0));
  }
  const heaviest = Math.max(0, ...weight.values()) || 1;
  for (const [url, entry] of byUrl) {
    const kinds = seen.get(url) ?? new Set<number>();
    const pageHits = hits.filter(
      (hit) => (hit.type === DocumentKind.Title || !hit.page ? hit.document : hit.page).u === url,
    );
    const best = (type: number) =>
      pageHits
        .filter((hit) => hit.type === type)
        .some((hit) =>
          full(type === DocumentKind.Content ? `${hit.document.s ?? ''} ${hit.document.t}` : hit.document.t),
        );
    const titleShare = all ? covered(entry.group.pageTitle, stems) / all : 0;
    const union = full((texts.get(url) ?? []).join(' '));
    let score = entry.score;
    if (entry.named) score += 1000;
    if (union) score += 400;
    if (titleShare === 1) score += 400;
    else score += titleShare * 100;
    if (best(DocumentKind.Heading)) score += 150;
    if (best(DocumentKind.Description)) score += 120;
    if (best(DocumentKind.Content)) score += 80;
    if (best(DocumentKind.Keywords)) score += 60;
    // A heading that starts with the query's first word: the section is about it.
    if (
      pageHits.some((hit) => hit.type === DocumentKind.Heading && asWords(hit.document.t).startsWith(stems[0] ?? '\0'))
    )
      score += 20;
    // How much the page says about it, and how rare its words are.
    score += 100 * ((weight.get(url) ?? 0) / heaviest);
    // A title the query covers (`SSL` for `ssl certificate`, `Errors` for `error response`): the page is about it.
    const titleWords = withoutArticles(asWords(entry.group.pageTitle)).split(' ').filter(Boolean);
    score +=
      (60 * titleWords.filter((word) => stems.some((s) => word.startsWith(s))).length) / (titleWords.length || 1);

    entry.score = score;
    entry.meaningful =
      entry.section !== 'schemas' ||
      entry.named ||
      kinds.has(DocumentKind.Title) ||
      kinds.has(DocumentKind.Heading) ||
      kinds.has(DocumentKind.Keywords) ||
      titleShare > 0;
  }
  const ranked = [...byUrl.values()];
  if (!ranked.some((entry) => entry.meaningful)) return [];
  ranked.sort((a, b) => b.score - a.score);

  // Schemas that say the same (one field description, shared by a resource's create, update and read schemas): one entry.
  const kept: PageScore[] = [];
  for (const entry of ranked) {
    const snippet = entry.group.items[0]?.snippet;
    const twin =
      entry.section === 'schemas' && snippet
        ? kept.find((other) => other.section === 'schemas' && other.group.items[0]?.snippet === snippet)
        : undefined;
    if (twin)
      twin.group.also = [...(twin.group.also ?? []), { title: entry.group.pageTitle, url: entry.group.pageUrl }];
    else kept.push(entry);
  }
  const order = [...SECTION_ORDER];
  // Schemas come last, unless the query is one's name as written (`ContactGroup`; not `pagination`).
  if (kept[0]?.section === 'schemas' && kept[0].group.pageTitle === query.trim()) order.unshift('schemas');
  const sectionRank = (kind: SectionKind) => {
    if (kind === 'schemas' && order[0] !== 'schemas') return 1e9;
    const first = kept.findIndex((entry) => entry.section === kind);
    return first < 0 ? 1e9 : first;
  };
  return [...new Set(order)]
    .sort((a, b) => sectionRank(a) - sectionRank(b) || order.indexOf(a) - order.indexOf(b))
    .map((kind) => ({ kind, groups: kept.filter((entry) => entry.section === kind).map((entry) => entry.group) }))
    .filter((section) => section.groups.length > 0);
}
