// Maintenance window times over HTTP: answers write start_at/end_at as RFC 3339
// with the zone's real offset at that time (a client parsing them gets the right
// instant; sending them back keeps the window), and reading windows that repeat
// from long ago costs a few tz lookups, not one per day since then.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApi } from './client.js';
import { NOW } from './start-mock.js';

const api = useApi({ seed: false });

const windowBody = (start: string, end: string, zone: string, repeat = 'never') =>
  `name=W&start_at=${encodeURIComponent(start)}&end_at=${encodeURIComponent(end)}&repeat_interval=${repeat}&timezone=${encodeURIComponent(zone)}&tags[]=db`;

afterEach(() => {
  vi.restoreAllMocks();
  api.mock.clock.set(NOW);
});

describe('start_at and end_at in answers', () => {
  it.each([
    // The UTC offset sent is ignored (API-FACTS.md): the wall-clock time is read in the zone.
    ['2026-12-01T09:14:00Z', 'America/New_York', '2026-12-01T09:14:00-05:00'],
    ['2026-12-01T09:14:00+09:00', 'America/New_York', '2026-12-01T09:14:00-05:00'],
    ['2026-07-01T09:14:00Z', 'America/New_York', '2026-07-01T09:14:00-04:00'],
    ['2026-12-01T01:00:00Z', 'Europe/London', '2026-12-01T01:00:00Z'],
    ['2026-07-01T01:00:00Z', 'Europe/London', '2026-07-01T01:00:00+01:00'],
    ['2026-12-01T09:14:00.250Z', 'Asia/Kolkata', '2026-12-01T09:14:00+05:30'],
  ])('a window sent starting %s in %s reads back %s', async (start, zone, expected) => {
    const client = api.client();
    const end = start.replace(/T09:14|T01:00/, (t) => (t === 'T01:00' ? 'T03:00' : 'T10:14'));
    const id = await client.create('/maintenance-windows', windowBody(start, end, zone));
    const window = await client.read(`/maintenance-windows/${id}`);
    expect(window.start_at).toBe(expected);
    // The instant a client parses is the one the window starts at: 09:14 New York in December is 14:14Z.
    if (zone === 'America/New_York' && start.startsWith('2026-12'))
      expect(new Date(window.start_at).toISOString()).toBe('2026-12-01T14:14:00.000Z');
    // Listed the same way.
    const listed = (await client.list('/maintenance-windows')).data.find((w: { id: string }) => w.id === id);
    expect(listed.start_at).toBe(expected);
  });

  it('sending the answer back keeps the window; changing the timezone rewrites both offsets', async () => {
    const client = api.client();
    const id = await client.create(
      '/maintenance-windows',
      windowBody('2026-12-01T09:14:00Z', '2026-12-01T10:14:00Z', 'America/New_York', '1w'),
    );
    const before = await client.read(`/maintenance-windows/${id}`);
    await client.update(
      `/maintenance-windows/${id}`,
      `start_at=${encodeURIComponent(before.start_at)}&end_at=${encodeURIComponent(before.end_at)}`,
    );
    expect(await client.read(`/maintenance-windows/${id}`)).toEqual(before);

    await client.update(`/maintenance-windows/${id}`, 'timezone=Asia%2FTokyo');
    const moved = await client.read(`/maintenance-windows/${id}`);
    expect([moved.start_at, moved.end_at]).toEqual(['2026-12-01T09:14:00+09:00', '2026-12-01T10:14:00+09:00']);
  });
});

describe('windows repeating since long ago', () => {
  it('a daily window at 09:14 New York since the year 1000 is active at 09:14 New York today, not before', async () => {
    const client = api.client();
    const id = await client.create(
      '/maintenance-windows',
      windowBody('1000-01-01T09:14:00Z', '1000-01-01T10:14:00Z', 'America/New_York', '1d'),
    );
    const stateAt = async (iso: string) => {
      api.mock.clock.set(Date.parse(iso));
      return (await client.read(`/maintenance-windows/${id}`)).state;
    };
    // 2026-11-22 is EST (UTC-5): 09:14 to 10:14 is 14:14Z to 15:14Z.
    expect(await stateAt('2026-11-22T14:13:59Z')).toBe('pending');
    expect(await stateAt('2026-11-22T14:14:00Z')).toBe('active');
    expect(await stateAt('2026-11-22T15:13:59Z')).toBe('active');
    expect(await stateAt('2026-11-22T15:14:00Z')).toBe('pending');
    expect((await client.read(`/maintenance-windows/${id}`)).start_at).toBe('1000-01-01T09:14:00-04:56');
  });

  it('reading 100 of them costs a few tz lookups and no formatter per window (counted, not timed)', async () => {
    const client = api.client();
    const zones = ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Sydney'];
    for (let i = 0; i < 100; i++) {
      // Every zone with every repeat (i % 4 and i % 16 / 4 are independent).
      const zone = zones[Math.floor(i / 4) % zones.length]!;
      await client.create(
        '/maintenance-windows',
        windowBody('1000-01-01T09:14:00Z', '1000-01-01T10:14:00Z', zone, ['1d', '1w', '2w', '1m'][i % 4]),
      );
    }
    // A moment no read has used yet, so nothing computed for it is cached: 09:14 to 10:14 in
    // Kolkata (UTC+5:30) is 03:44Z to 04:44Z, the other zones' windows are yet to come.
    api.mock.clock.set(Date.UTC(2031, 4, 6, 4, 0, 9));
    const lookups = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const page = await client.list('/maintenance-windows?limit=100');
    expect(page.data).toHaveLength(100);
    type Item = { state: string; timezone: string; repeat_interval: string };
    const daily = page.data
      .filter((w: Item) => w.repeat_interval === '1d')
      .map((w: Item) => `${w.timezone} ${w.state}`);
    expect(new Set(daily)).toEqual(
      new Set(['America/New_York pending', 'Europe/London pending', 'Asia/Kolkata active', 'Australia/Sydney pending']),
    );
    for (const w of page.data as Item[]) expect(['active', 'pending']).toContain(w.state);
    // Day-by-day stepping built a formatter and made a lookup for each of ~370,000 days per
    // window. Now: a few lookups per window when nothing is cached (~10 µs each), none after.
    expect(built.mock.calls.length).toBe(0);
    expect(lookups.mock.calls.length).toBeLessThanOrEqual(4 * 100);
    lookups.mockClear();
    await client.list('/maintenance-windows?limit=100');
    api.mock.clock.advance(60_000);
    await client.list('/maintenance-windows?limit=100');
    expect(lookups.mock.calls.length).toBe(0);
  });
});
