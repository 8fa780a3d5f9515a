/** [start, end) spans during which a check ran; end is null while it still runs. */
export type ActiveSpans = readonly (readonly [number, number | null])[];

/**
 * The times a check ran strictly before `before` (and not after `now`), newest
 * first, with the run's index within its span: one run every `intervalMs`
 * from each span's start, none while paused.
 */
export function* runTimesBefore(
  spans: ActiveSpans,
  intervalMs: number,
  now: number,
  before: number,
): Generator<[number, number]> {
  for (let s = spans.length - 1; s >= 0; s--) {
    const [spanStart, spanEnd] = spans[s]!;
    const last = Math.min(spanEnd ?? now, now, before - 1);
    for (let k = Math.floor((last - spanStart) / intervalMs); k >= 1; k--) yield [spanStart + k * intervalMs, k];
  }
}

/** Up to `limit` items strictly between `after` and `before` from a newest-first sequence. */
export function timeWindow<T>(
  items: Iterable<T>,
  timeOf: (item: T) => number,
  limit: number,
  before: number,
  after: number,
): T[] {
  const result: T[] = [];
  for (const item of items) {
    const at = timeOf(item);
    if (at <= after || result.length >= limit) break;
    if (at < before) result.push(item);
  }
  return result;
}

export interface SeriesQuery {
  now: number;
  limit: number;
  /** Milliseconds; exclusive. */
  before?: number;
  /** Milliseconds; exclusive. */
  after?: number;
}

/** RFC 3339 in UTC, whole seconds as the API writes them: `2026-11-22T12:00:00Z`. */
export const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
