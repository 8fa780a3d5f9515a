export interface PageQuery {
  page: number;
  limit: number;
}

export interface Page<T> {
  data: T[];
  metadata: { page: number; per_page: number; page_count: number; total_count: number };
}

/**
 * A page of `items` with the API's pagination metadata; a page past the end is
 * empty. An empty list is page 1 of 1 (`page_count` 1, `total_count` 0), as the
 * real API answers (README, "What the official clients send").
 */
export function paginate<T>(items: readonly T[], { page, limit }: PageQuery): Page<T> {
  const start = (page - 1) * limit;
  const pageCount = Math.max(1, Math.ceil(items.length / limit));
  return {
    data: items.slice(start, start + limit),
    metadata: { page, per_page: limit, page_count: pageCount, total_count: items.length },
  };
}

const SERIES_PARAMETERS = new Set(['limit', 'before', 'after']);

export interface SeriesLinks {
  self: string;
  next?: string;
}

/**
 * Links of a history-style page: `self` is the request, `next` the same
 * request with `before` set to the oldest item's time (UNIX seconds), present
 * only when older items exist.
 */
export function seriesLinks(requestUrl: string, oldestOnPage: number | undefined, hasOlder: boolean): SeriesLinks {
  const self = new URL(requestUrl);
  // Parameters the series does not read change nothing on the page: left out, a
  // link stays within the spec's 2048 characters however much a request carries.
  const unread = [...self.searchParams.keys()].filter((name) => !SERIES_PARAMETERS.has(name));
  for (const name of unread) self.searchParams.delete(name);
  if (!hasOlder || oldestOnPage === undefined) return { self: self.toString() };
  const next = new URL(self);
  next.searchParams.set('before', String(Math.floor(oldestOnPage / 1000)));
  return { self: self.toString(), next: next.toString() };
}
