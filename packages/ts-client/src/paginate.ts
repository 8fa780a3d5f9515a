// Auto-pagination: `listAll` walks page lists (x-pagination: page) and the
// series twins (`historyAll`, ...) follow `links.next` (x-pagination: cursor).
// Both fetch lazily: a page is requested only when the loop reaches it, so
// `break` stops the requests.
import type { components } from './generated/api.js';

type Schemas = components['schemas'];
type Query = Record<string, unknown>;

export interface PageOf<T> {
  data: readonly T[];
  metadata: Schemas['Pagination'];
}

export interface SeriesOf<T> {
  data: readonly T[];
  links: Schemas['Links'];
}

/** Pages from `query.page` (default 1) up to `metadata.page_count`. */
export async function* walkPages<T>(
  fetchPage: (query: Query) => Promise<PageOf<T>>,
  query: Query | undefined,
): AsyncGenerator<T, void, undefined> {
  let page = Number(query?.page ?? 1);
  for (;;) {
    const answer = await fetchPage({ ...query, page });
    yield* answer.data;
    // An empty page ends the walk too: items deleted meanwhile shrink page_count.
    if (answer.data.length === 0 || page >= answer.metadata.page_count) return;
    page += 1;
  }
}

/**
 * Follows `links.next` while there is one. Its query (the `before` cursor,
 * plus whatever the server carried over) is applied to the operation's own
 * path under the client's base URL rather than fetched as given: the bearer
 * token then never goes to a host the caller did not configure, and a base
 * URL behind a proxy keeps working when the server names its own host.
 */
export async function* walkSeries<T>(
  fetchSeries: (query: Query) => Promise<SeriesOf<T>>,
  query: Query | undefined,
): AsyncGenerator<T, void, undefined> {
  let current: Query = { ...query };
  const seen = new Set<string>();
  for (;;) {
    const answer = await fetchSeries(current);
    yield* answer.data;
    const next = answer.links.next;
    if (!next || answer.data.length === 0 || seen.has(next)) return;
    seen.add(next);
    current = { ...current, ...Object.fromEntries(new URL(next, 'http://relative.invalid').searchParams) };
  }
}
