// Maintenance windows read start_at/end_at in their `timezone`, ignoring the
// UTC offset written in them (API-FACTS.md). These helpers turn such a
// wall-clock time into an instant, with the platform's tz database (Intl).

export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which clocks in `timeZone` show the date and time written in `rfc3339` (its offset ignored). */
export function wallClockInstant(rfc3339: string, timeZone: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})/.exec(rfc3339);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const naive = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  // Two passes settle the offset across a DST change.
  const first = naive - offsetAt(naive, timeZone);
  return naive - offsetAt(first, timeZone);
}

const STEP: Record<string, (date: Date) => void> = {
  '1d': (date) => date.setUTCDate(date.getUTCDate() + 1),
  '1w': (date) => date.setUTCDate(date.getUTCDate() + 7),
  '2w': (date) => date.setUTCDate(date.getUTCDate() + 14),
  '1m': (date) => date.setUTCMonth(date.getUTCMonth() + 1),
};

/** The window's occurrence that is current or next at `now`; null once a one-off window is over. */
export function occurrenceAt(start: number, end: number, repeat: string, now: number): [number, number] | null {
  const step = STEP[repeat];
  if (!step) return now < end ? [start, end] : null;
  const duration = end - start;
  const cursor = new Date(start);
  // Bounded: even daily repeats over a century stay under 40k steps.
  for (let i = 0; i < 40_000 && cursor.getTime() + duration <= now; i++) step(cursor);
  return [cursor.getTime(), cursor.getTime() + duration];
}
