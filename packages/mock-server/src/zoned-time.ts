// Maintenance windows read start_at/end_at in their `timezone`, ignoring the
// UTC offset written in them (API-FACTS.md). These helpers turn such a
// wall-clock time into an instant with the platform's tz database (Intl), find
// a repeating window's current occurrence in constant time, and write a time
// back as RFC 3339 with the zone's real offset.
//
// Wall-clock times are "naive" milliseconds: the date and time as if they were UTC.

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Every zone of the tz database keeps one offset (its local mean time) before
 * its first change, the earliest in 1845 (Asia/Manila); before 1800 the offset
 * is read at 1800. This keeps Intl away from years before 1 (eras).
 */
const EARLIEST_LOOKUP = Date.UTC(1800, 0, 1);

/** One formatter per zone: building one costs ~100 µs, using one ~10 µs. Bounded: names differ by case too. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_CACHED_ZONES = 1000;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= MAX_CACHED_ZONES) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Naive milliseconds of a date and time, for any year from 0 (Date.UTC reads 0-99 as 1900-1999). */
function naiveOf(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** Offset of `timeZone` from UTC at `instant` (whole seconds), asking the tz database. */
function lookUpOffset(instant: number, timeZone: string): number {
  const at = Math.max(instant, EARLIEST_LOOKUP);
  const parts = formatterFor(timeZone).formatToParts(at);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = naiveOf(field('year'), field('month'), field('day'), field('hour'), field('minute'), field('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** A day of a zone: its offset, and the instant it changes within the day (NaN if it does not). */
interface DayOffsets {
  offset: number;
  changeAt: number;
  after: number;
}

/**
 * Offsets by zone and UTC day, each found with two lookups (the day's two ends)
 * and, on the rare day the offset changes, the change found to the second by
 * bisection (no zone changes twice within a day). Bounded: cleared when full.
 */
const offsetsByDay = new Map<string, Map<number, DayOffsets>>();
let cachedDays = 0;
const MAX_CACHED_DAYS = 20_000;

function dayOffsets(day: number, timeZone: string): DayOffsets {
  let lo = day * DAY;
  let hi = lo + DAY;
  const offset = lookUpOffset(lo, timeZone);
  const after = lookUpOffset(hi, timeZone);
  if (offset === after) return { offset, changeAt: Number.NaN, after };
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (lookUpOffset(mid, timeZone) === offset) lo = mid;
    else hi = mid;
  }
  return { offset, changeAt: hi, after };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds. */
export function offsetAt(instant: number, timeZone: string): number {
  const at = Math.max(instant, EARLIEST_LOOKUP);
  const day = Math.floor(at / DAY);
  let days = offsetsByDay.get(timeZone);
  let offsets = days?.get(day);
  if (offsets === undefined) {
    offsets = dayOffsets(day, timeZone);
    if (cachedDays >= MAX_CACHED_DAYS) {
      offsetsByDay.clear();
      cachedDays = 0;
      days = undefined;
    }
    if (!days) offsetsByDay.set(timeZone, (days = new Map()));
    days.set(day, offsets);
    cachedDays++;
  }
  return at >= offsets.changeAt ? offsets.after : offsets.offset;
}

const RFC3339_WALL = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})/;

/** The wall-clock time written in an RFC 3339 text (its offset ignored), as naive milliseconds; NaN if none. */
export function wallClockOf(rfc3339: string): number {
  const match = RFC3339_WALL.exec(rfc3339);
  if (!match) return Number.NaN;
  return naiveOf(+match[1]!, +match[2]!, +match[3]!, +match[4]!, +match[5]!, +match[6]!);
}

/**
 * The instant at which clocks in `timeZone` show `naive`. A time shown twice
 * (clocks going back) is its earlier instant; a time clocks skip is read with
 * the offset before the change, so it lands after the gap (as Temporal's
 * "compatible" reading does): 02:30 on a spring-forward night is 03:30.
 */
export function instantOfWallClock(naive: number, timeZone: string): number {
  if (!Number.isFinite(naive)) return Number.NaN;
  // Zones change offset at most once in a day around any time: the offsets a day
  // before and after are the only candidates.
  const before = naive - offsetAt(naive - DAY, timeZone);
  const after = naive - offsetAt(naive + DAY, timeZone);
  const shows = (instant: number) => instant + offsetAt(instant, timeZone) === naive;
  if (shows(before)) return after < before && shows(after) ? after : before;
  return shows(after) ? after : before;
}

/** The instant at which clocks in `timeZone` show the date and time written in `rfc3339` (its offset ignored). */
export function wallClockInstant(rfc3339: string, timeZone: string): number {
  return instantOfWallClock(wallClockOf(rfc3339), timeZone);
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The wall-clock time `naive` in `timeZone` as RFC 3339 with the zone's offset
 * at that instant: 09:14 in New York in December is `...T09:14:00-05:00`, and
 * reading it back (offset ignored) gives the same window. A time that clocks
 * skip (DST) is written as the time they show instead; an offset of local mean
 * time (New York's -04:56:02 before 1883) is rounded to the minute, the finest
 * RFC 3339 writes. Zero offsets are written `Z`.
 */
export function zonedRfc3339(naive: number, timeZone: string): string {
  const instant = instantOfWallClock(naive, timeZone);
  const offset = offsetAt(instant, timeZone);
  const wall = new Date(instant + offset);
  const year = String(wall.getUTCFullYear()).padStart(4, '0');
  const date = `${year}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`;
  const time = `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
  const minutes = Math.round(offset / MINUTE);
  if (minutes === 0) return `${date}T${time}Z`;
  const sign = minutes < 0 ? '-' : '+';
  return `${date}T${time}${sign}${two(Math.floor(Math.abs(minutes) / 60))}:${two(Math.abs(minutes) % 60)}`;
}

const PERIOD_DAYS: Record<string, number> = { '1d': 1, '1w': 7, '2w': 14 };

/** `naive` moved by whole months, keeping the time; a day the month lacks becomes its last (31 Jan -> 28 Feb). */
function addMonths(naive: number, months: number): number {
  const date = new Date(naive);
  const month = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(month / 12);
  const monthOfYear = (month % 12) + 1;
  // Day 0 of the next month is this month's last day.
  const lastDay = new Date(naiveOf(year, monthOfYear + 1, 0, 0, 0, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return naiveOf(year, monthOfYear, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
}

const monthIndex = (naive: number) => {
  const date = new Date(naive);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

/**
 * The window's occurrence that is current or next at `now`, as instants; null
 * once a one-off window is over. `wallStart` and `wallEnd` are the first
 * occurrence's wall-clock times in `timeZone`: repeats keep them (a window at
 * 01:00 London stays at 01:00 London across DST). Constant time: the occurrence
 * is computed from the repeat count, then settled with at most a few steps
 * (offsets move a wall-clock time by hours, repeats are a day or more apart).
 */
export function occurrenceAt(
  wallStart: number,
  wallEnd: number,
  repeat: string,
  now: number,
  timeZone = 'UTC',
): [number, number] | null {
  const duration = wallEnd - wallStart;
  let nth: (k: number) => number;
  let k: number;
  const nowWall = now + offsetAt(now, timeZone);
  const days = PERIOD_DAYS[repeat];
  if (days !== undefined) {
    const period = days * DAY;
    nth = (n) => wallStart + n * period;
    k = Math.floor((nowWall - wallEnd) / period);
  } else if (repeat === '1m') {
    nth = (n) => addMonths(wallStart, n);
    k = monthIndex(nowWall - duration) - monthIndex(wallStart) - 1;
  } else {
    const end = instantOfWallClock(wallEnd, timeZone);
    return now < end ? [instantOfWallClock(wallStart, timeZone), end] : null;
  }
  k = Math.max(0, k - 1);
  // The first occurrence that ends after now: a handful of steps from the estimate.
  for (let steps = 0; steps < 8 && instantOfWallClock(nth(k) + duration, timeZone) <= now; steps++) k++;
  const start = nth(k);
  return [instantOfWallClock(start, timeZone), instantOfWallClock(start + duration, timeZone)];
}
