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
}

const SNIPPET_CHARS = 140;

/**
 * Cuts `text` to about `max` characters around the first occurrence of any of
 * `terms` (case-insensitive, prefix match as the index does), at word
 * boundaries, with an ellipsis on each cut side. Whitespace runs become one space.
 */
export function makeSnippet(text: string, terms: readonly string[], max = SNIPPET_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
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
