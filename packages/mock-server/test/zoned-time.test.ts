// Unit tests of src/zoned-time.ts: wall-clock times read in a tz database zone
// (the maintenance windows' rule, API-FACTS.md), across DST changes. Expected
// instants are worked out by hand from the zones' published rules:
// Europe/London GMT/BST changes on 2026-03-29 01:00Z and 2026-10-25 01:00Z;
// America/New_York EST/EDT changes on 2026-03-08 07:00Z and 2026-11-01 06:00Z.
import { describe, expect, it, vi } from 'vitest';
import { isKnownTimeZone, occurrenceAt, wallClockInstant, wallClockOf, zonedRfc3339 } from '../src/zoned-time.js';

const utc = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('wallClockInstant', () => {
  it.each([
    ['2026-03-28T12:00:00Z', 'Europe/London', '2026-03-28T12:00:00Z'],
    ['2026-03-30T12:00:00Z', 'Europe/London', '2026-03-30T11:00:00Z'],
    ['2026-03-29T00:30:00Z', 'Europe/London', '2026-03-29T00:30:00Z'],
    ['2026-03-29T03:00:00Z', 'Europe/London', '2026-03-29T02:00:00Z'],
    ['2026-10-25T00:30:00Z', 'Europe/London', '2026-10-24T23:30:00Z'],
    ['2026-10-25T03:00:00Z', 'Europe/London', '2026-10-25T03:00:00Z'],
    ['2026-07-01T09:00:00+02:00', 'America/New_York', '2026-07-01T13:00:00Z'],
    ['2026-12-01T09:00:00-08:00', 'America/New_York', '2026-12-01T14:00:00Z'],
    ['2026-01-01T00:00:00Z', 'Asia/Kolkata', '2025-12-31T18:30:00Z'],
    ['2026-06-15T10:00:00Z', 'Australia/Sydney', '2026-06-15T00:00:00Z'],
    ['2026-12-15T10:00:00Z', 'Australia/Sydney', '2026-12-14T23:00:00Z'],
    ['2026-02-28T23:59:59Z', 'UTC', '2026-02-28T23:59:59Z'],
  ])('%s in %s is %s (the written offset is ignored)', (written, zone, expected) => {
    expect(wallClockInstant(written, zone)).toBe(utc(expected));
  });

  it('gives one of the two readings of a time that happens twice (clocks going back)', () => {
    // 01:30 on 2026-10-25 happens in BST (00:30Z) and again in GMT (01:30Z).
    expect([utc('2026-10-25T00:30:00Z'), utc('2026-10-25T01:30:00Z')]).toContain(
      wallClockInstant('2026-10-25T01:30:00Z', 'Europe/London'),
    );
  });

  it('gives an instant next to a time that never happens (clocks going forward)', () => {
    // 01:30 on 2026-03-29 does not exist in London; either neighbouring reading will do.
    expect([utc('2026-03-29T00:30:00Z'), utc('2026-03-29T01:30:00Z')]).toContain(
      wallClockInstant('2026-03-29T01:30:00Z', 'Europe/London'),
    );
  });

  it('is NaN for a text that is no date-time', () => {
    expect(wallClockInstant('next tuesday', 'Europe/London')).toBeNaN();
  });
});

describe('isKnownTimeZone', () => {
  it.each(['Europe/London', 'America/New_York', 'UTC', 'Asia/Kolkata'])('knows %s', (zone) =>
    expect(isKnownTimeZone(zone)).toBe(true),
  );
  it.each(['Mars/Olympus', 'Europe/Londres', ''])('does not know %j', (zone) =>
    expect(isKnownTimeZone(zone)).toBe(false),
  );
});

describe('occurrenceAt', () => {
  // Its inputs are wall-clock times of the first occurrence (naive: written as if UTC); UTC's are instants too.
  const start = utc('2026-11-22T10:00:00Z');
  const end = utc('2026-11-22T12:00:00Z');

  it('one-off windows: the window itself until it ends, then none', () => {
    expect(occurrenceAt(start, end, 'never', start - HOUR)).toEqual([start, end]);
    expect(occurrenceAt(start, end, 'never', start + HOUR)).toEqual([start, end]);
    expect(occurrenceAt(start, end, 'never', end)).toBeNull();
  });

  it.each([
    ['1d', '2026-11-25T11:00:00Z', '2026-11-25T10:00:00Z'],
    ['1d', '2026-11-25T12:00:00Z', '2026-11-26T10:00:00Z'],
    ['1w', '2026-11-25T11:00:00Z', '2026-11-29T10:00:00Z'],
    ['2w', '2026-11-30T11:00:00Z', '2026-12-06T10:00:00Z'],
    ['1m', '2026-12-22T11:00:00Z', '2026-12-22T10:00:00Z'],
    ['1m', '2027-01-30T00:00:00Z', '2027-02-22T10:00:00Z'],
  ])('repeating %s: at %s the current or next occurrence starts %s', (repeat, now, expected) => {
    expect(occurrenceAt(start, end, repeat, utc(now))).toEqual([utc(expected), utc(expected) + 2 * HOUR]);
  });

  it('keeps a repeating window at its wall-clock time across DST (Europe/London)', () => {
    // Daily 01:00-03:00 London from 2026-03-27 (GMT).
    const first = utc('2026-03-27T01:00:00Z');
    const daily = (now: string) => occurrenceAt(first, first + 2 * HOUR, '1d', utc(now), 'Europe/London');
    expect(daily('2026-03-28T00:00:00Z')).toEqual([utc('2026-03-28T01:00:00Z'), utc('2026-03-28T03:00:00Z')]);
    // 2026-03-30 is BST: 01:00 London is 00:00Z.
    expect(daily('2026-03-29T23:00:00Z')).toEqual([utc('2026-03-30T00:00:00Z'), utc('2026-03-30T02:00:00Z')]);
    expect(daily('2026-03-30T01:00:00Z')).toEqual([utc('2026-03-30T00:00:00Z'), utc('2026-03-30T02:00:00Z')]);
  });

  it('keeps a weekly window at 09:00 New York through both DST changes of a year', () => {
    const first = wallClockOf('2026-01-05T09:00:00'); // Monday 09:00 EST
    const weekly = (now: string) => occurrenceAt(first, first + HOUR, '1w', utc(now), 'America/New_York')![0];
    expect(weekly('2026-03-02T00:00:00Z')).toBe(utc('2026-03-02T14:00:00Z')); // EST
    expect(weekly('2026-03-09T00:00:00Z')).toBe(utc('2026-03-09T13:00:00Z')); // EDT
    expect(weekly('2026-10-26T00:00:00Z')).toBe(utc('2026-10-26T13:00:00Z')); // EDT
    expect(weekly('2026-11-02T00:00:00Z')).toBe(utc('2026-11-02T14:00:00Z')); // EST again
  });

  it('steps through decades of daily repeats without asking the tz database for each', () => {
    // Counted, not timed: a stopwatch would measure the machine. Looking up
    // the zone's offset (Intl) for each of the ~13,000 days was the slow way.
    // A zone no other test reads (London's rules): offsets are cached per zone
    // and day, so a zone read before would need no lookup at all.
    const lookups = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      const first = utc('1990-01-01T01:00:00Z');
      expect(occurrenceAt(first, first + HOUR, '1d', utc('2026-11-22T12:00:00Z'), 'Atlantic/Faroe')![0]).toBe(
        utc('2026-11-23T01:00:00Z'),
      );
      expect(lookups.mock.calls.length).toBeGreaterThan(0);
      expect(lookups.mock.calls.length).toBeLessThan(50);
    } finally {
      lookups.mockRestore();
    }
  });
});

describe('occurrenceAt in constant time', () => {
  /** Counts what made the old way slow: formatters built, and tz database lookups made. */
  function countIntl<T>(work: () => T): { result: T; built: number; lookups: number } {
    const lookups = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const result = work();
      return { result, built: built.mock.calls.length, lookups: lookups.mock.calls.length };
    } finally {
      lookups.mockRestore();
      built.mockRestore();
    }
  }

  it('a daily window at 09:14 New York since the year 1000 is active from 09:14 to 10:14 today, found in a few lookups', () => {
    const start = wallClockOf('1000-01-01T09:14:00');
    const end = wallClockOf('1000-01-01T10:14:00');
    const zone = 'America/New_York';
    // 2026-11-22 is EST (UTC-5): 09:14 is 14:14Z.
    const cases: [string, string][] = [
      ['2026-11-22T14:13:59Z', '2026-11-22T14:14:00Z'],
      ['2026-11-22T14:14:00Z', '2026-11-22T14:14:00Z'],
      ['2026-11-22T15:13:59Z', '2026-11-22T14:14:00Z'],
      ['2026-11-22T15:14:00Z', '2026-11-23T14:14:00Z'],
      // July: EDT (UTC-4), 09:14 is 13:14Z.
      ['2026-07-01T13:14:00Z', '2026-07-01T13:14:00Z'],
    ];
    for (const [now, expected] of cases) {
      const { result, built, lookups } = countIntl(() => occurrenceAt(start, end, '1d', utc(now), zone));
      expect(result, now).toEqual([utc(expected), utc(expected) + HOUR]);
      expect(built, `${now}: formatters built`).toBeLessThanOrEqual(1);
      expect(lookups, `${now}: tz lookups`).toBeLessThanOrEqual(40);
    }
  });

  it.each([
    ['1d', '0001-01-01T01:00:00', '9999-12-31T00:30:00Z', '9999-12-31T01:00:00Z'],
    // 0001-01-01 was a Monday (proleptic Gregorian), 2026-11-22 a Sunday.
    ['1w', '0001-01-01T01:00:00', '2026-11-22T12:00:00Z', '2026-11-23T01:00:00Z'],
    ['1m', '0001-01-31T01:00:00', '9999-02-01T00:00:00Z', '9999-02-28T01:00:00Z'],
  ])('repeating %s from %s, at %s: %s, whatever the distance', (repeat, first, now, expected) => {
    const start = wallClockOf(first);
    const { result, lookups } = countIntl(() => occurrenceAt(start, start + HOUR, repeat, utc(now), 'UTC'));
    expect(result![0]).toBe(utc(expected));
    expect(lookups).toBeLessThanOrEqual(40);
  });

  it('repeating every 2 weeks from the year 1: the next Monday of the fortnight', () => {
    const start = wallClockOf('0001-01-01T01:00:00');
    const now = utc('2026-11-22T12:00:00Z');
    const { result, lookups } = countIntl(() => occurrenceAt(start, start + HOUR, '2w', now, 'UTC'));
    const [next] = result!;
    expect(new Date(next).getUTCDay()).toBe(1);
    expect(next).toBeGreaterThan(now);
    expect(next - now).toBeLessThan(14 * 24 * HOUR);
    expect((next - start) % (14 * 24 * HOUR)).toBe(0);
    expect(lookups).toBeLessThanOrEqual(40);
  });

  it('monthly windows on a day a month lacks fall on its last day, and come back to their day after', () => {
    const start = wallClockOf('2026-01-31T01:00:00');
    const monthly = (now: string) => occurrenceAt(start, start + HOUR, '1m', utc(now), 'UTC')![0];
    expect(monthly('2026-02-01T00:00:00Z')).toBe(utc('2026-02-28T01:00:00Z'));
    expect(monthly('2028-02-01T00:00:00Z')).toBe(utc('2028-02-29T01:00:00Z'));
    expect(monthly('2026-03-01T00:00:00Z')).toBe(utc('2026-03-31T01:00:00Z'));
    expect(monthly('2026-04-01T00:00:00Z')).toBe(utc('2026-04-30T01:00:00Z'));
  });
});

describe('zonedRfc3339', () => {
  it.each([
    ['2026-12-01T09:14:00', 'America/New_York', '2026-12-01T09:14:00-05:00'],
    ['2026-07-01T09:14:00', 'America/New_York', '2026-07-01T09:14:00-04:00'],
    ['2026-12-01T01:00:00', 'Europe/London', '2026-12-01T01:00:00Z'],
    ['2026-07-01T01:00:00', 'Europe/London', '2026-07-01T01:00:00+01:00'],
    ['2026-01-01T00:00:00', 'Asia/Kolkata', '2026-01-01T00:00:00+05:30'],
    ['2026-06-15T10:00:00', 'Australia/Sydney', '2026-06-15T10:00:00+10:00'],
    ['2026-06-15T10:00:00', 'UTC', '2026-06-15T10:00:00Z'],
    // Local mean time before standard time (1883 in New York): -04:56:02, rounded to the minute.
    ['1000-01-01T09:14:00', 'America/New_York', '1000-01-01T09:14:00-04:56'],
    ['0050-03-01T00:00:00', 'UTC', '0050-03-01T00:00:00Z'],
    // 02:30 does not happen on 2026-03-08 in New York: clocks show 03:30 EDT at that instant.
    ['2026-03-08T02:30:00', 'America/New_York', '2026-03-08T03:30:00-04:00'],
  ])('%s in %s is %s', (wall, zone, expected) => {
    expect(zonedRfc3339(wallClockOf(wall), zone)).toBe(expected);
  });

  it('names the same instant the wall-clock time has in the zone', () => {
    for (const zone of ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Pacific/Chatham']) {
      for (const wall of ['2026-01-15T08:45:00', '2026-07-15T23:59:59']) {
        expect(Date.parse(zonedRfc3339(wallClockOf(wall), zone)), `${wall} ${zone}`).toBe(wallClockInstant(wall, zone));
      }
    }
  });
});
