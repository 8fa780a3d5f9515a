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
  return instantOfWallClock(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!), timeZone);
}

/** The instant at which clocks in `timeZone` show `naive` (a wall-clock time written as if it were UTC). */
function instantOfWallClock(naive: number, timeZone: string): number {
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

/**
 * The window's occurrence that is current or next at `now`; null once a one-off window is over.
 * Repeats keep the wall-clock time in `timeZone` (a window at 01:00 London stays at 01:00
 * London across DST): stepping the UTC instant instead moved it an hour every DST change.
 */
export function occurrenceAt(
  start: number,
  end: number,
  repeat: string,
  now: number,
  timeZone = 'UTC',
): [number, number] | null {
  const step = STEP[repeat];
  if (!step) return now < end ? [start, end] : null;
  const wallStart = start + offsetAt(start, timeZone);
  const wallDuration = end + offsetAt(end, timeZone) - wallStart;
  const cursor = new Date(wallStart);
  const endOf = () => instantOfWallClock(cursor.getTime() + wallDuration, timeZone);
  // Step in wall-clock time (cheap) to within a few hours of now, then settle with real
  // instants: offsets differ by at most a few hours. Bounded: a century of daily repeats stays under 40k steps.
  const nowWall = now + offsetAt(now, timeZone) - 6 * 3_600_000;
  for (let i = 0; i < 40_000 && cursor.getTime() + wallDuration <= nowWall; i++) step(cursor);
  for (let i = 0; i < 40_000 && endOf() <= now; i++) step(cursor);
  return [instantOfWallClock(cursor.getTime(), timeZone), endOf()];
}
