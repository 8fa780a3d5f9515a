// History-style series (SPEC.md sections 3 and 7, API-FACTS.md): uptime history,
// periods and alerts and pagespeed history answer {data, links, metadata}, newest
// first; links.next carries before=<oldest item's UNIX seconds>; walking it gives
// strictly older items with no overlap and no gap; after filters; simulated
// series are the same for a frozen clock and grow as it moves; a paused check
// does not run.
import { describe, expect, it } from 'vitest';
import { VALID, useApi, type Answer, type Client, type Json } from './client.js';

const api = useApi({ seed: false });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const seconds = (iso: string) => Date.parse(iso) / 1000;
const uptimeBody = (checkRate: number, extra = '') =>
  `${VALID.uptime.replace('check_rate=1800', `check_rate=${checkRate}`)}${extra}`;
const timeField: Record<string, string> = { history: 'created_at', periods: 'created_at', alerts: 'triggered_at' };

/** A path relative to the base URL, from a link the mock handed out. */
function relative(link: string): string {
  expect(link.startsWith(api.mock.url)).toBe(true);
  return link.slice(api.mock.url.length);
}

/** Follows links.next from `path` until there is none (or `max` pages), checking each step. */
async function walk(client: Client, path: string, field: string, max = 1000) {
  const items: Json[] = [];
  let next: string | undefined = path;
  let pages = 0;
  while (next !== undefined && pages < max) {
    const answer: Answer = await client.get(next);
    expect(answer.status, answer.text).toBe(200);
    const { data, links } = answer.body as { data: Json[]; links: { self: string; next?: string } };
    expect(relative(links.self)).toBe(next);
    if (links.next !== undefined) {
      expect(data.length).toBeGreaterThan(0);
      const cursor = new URL(links.next).searchParams.get('before');
      // The cursor is the oldest item's time on this page, in UNIX seconds.
      expect(cursor).toBe(String(seconds(data[data.length - 1][field])));
      // The next page is the same request with only `before` changed.
      const nextParams = new URL(links.next).searchParams;
      const selfParams = new URL(links.self).searchParams;
      nextParams.delete('before');
      selfParams.delete('before');
      expect([...nextParams].sort()).toEqual([...selfParams].sort());
    }
    items.push(...data);
    next = links.next === undefined ? undefined : relative(links.next);
    pages++;
  }
  return { items, pages, done: next === undefined };
}

function expectNewestFirst(items: Json[], field: string) {
  for (let i = 1; i < items.length; i++)
    expect(seconds(items[i][field]), `item ${i}`).toBeLessThan(seconds(items[i - 1][field]));
}

describe('uptime history', () => {
  it('is empty for a check that has not run yet, with links.self and no next', async () => {
    const client = api.client();
    const id = await client.create('/uptime', uptimeBody(300));
    for (const series of ['history', 'periods', 'alerts']) {
      const answer = await client.get(`/uptime/${id}/${series}`);
      expect(answer.body).toEqual({
        data: [],
        links: { self: `${api.mock.url}/uptime/${id}/${series}` },
        metadata: {},
      });
    }
  });

  it('lists runs newest first, one every check_rate seconds since creation, up to now', async () => {
    const client = api.client();
    const created = api.mock.clock.now();
    const id = await client.create('/uptime', uptimeBody(300, '&regions[]=london&regions[]=paris'));
    api.mock.clock.advance(2 * HOUR + 1000);
    const { data } = (await client.get(`/uptime/${id}/history?limit=100`)).body;
    // 2 hours at one run per 5 minutes.
    expect(data).toHaveLength(24);
    expectNewestFirst(data, 'created_at');
    for (const [i, run] of (data as Json[]).entries())
      expect(Date.parse(run.created_at)).toBe(created + (24 - i) * 300_000);
    for (const run of data) expect(['london', 'paris']).toContain(run.location);
    expect(new Set(data.map((run: Json) => run.location)).size).toBe(2);
  });

  it('defaults to 25 items and honours limit', async () => {
    const client = api.client();
    const id = await client.create('/uptime', uptimeBody(60));
    api.mock.clock.advance(3 * HOUR);
    expect((await client.get(`/uptime/${id}/history`)).body.data).toHaveLength(25);
    expect((await client.get(`/uptime/${id}/history?limit=1`)).body.data).toHaveLength(1);
    expect((await client.get(`/uptime/${id}/history?limit=100`)).body.data).toHaveLength(100);
  });

  it('walks links.next to the oldest run: strictly older pages, no overlap, no gap', async () => {
    const client = api.client();
    const id = await client.create('/uptime', uptimeBody(3600));
    api.mock.clock.advance(DAY + 1000);
    const big = (await client.get(`/uptime/${id}/history?limit=100`)).body;
    expect(big.data).toHaveLength(24);
    expect(big.links.next).toBeUndefined();
    const walked = await walk(client, `/uptime/${id}/history?limit=5`, 'created_at');
    expect(walked.done).toBe(true);
    expect(walked.pages).toBe(5);
    expect(walked.items).toEqual(big.data);
  });

  it('walks a long history the same as one big page (first 100 runs, limit 7)', async () => {
    const client = api.client();
    const id = await client.create('/uptime', uptimeBody(60));
    api.mock.clock.advance(DAY);
    const big = (await client.get(`/uptime/${id}/history?limit=100`)).body;
    expect(big.links.next).toBeDefined();
    const walked = await walk(client, `/uptime/${id}/history?limit=7`, 'created_at', 15);
    expect(walked.items.slice(0, 100)).toEqual(big.data);
    expectNewestFirst(walked.items, 'created_at');
  });

  it('filters with after (strictly newer) and before (strictly older), alone and together', async () => {
    const client = api.client();
    const id = await client.create('/uptime', uptimeBody(300));
    api.mock.clock.advance(5 * HOUR);
    const all = (await client.get(`/uptime/${id}/history?limit=100`)).body.data as Json[];
    const times = all.map((run) => seconds(run.created_at));
    const after = times[20]!;
    const before = times[5]!;
    expect((await client.get(`/uptime/${id}/history?limit=100&after=${after}`)).body.data).toEqual(
      all.filter((_, i) => times[i]! > after),
    );
    expect((await client.get(`/uptime/${id}/history?limit=100&before=${before}`)).body.data).toEqual(
      all.filter((_, i) => times[i]! < before),
    );
    const both = (await client.get(`/uptime/${id}/history?limit=100&after=${after}&before=${before}`)).body.data;
    expect(both).toEqual(all.slice(6, 20));
    // A walk keeps the after bound on every page.
    const walked = await walk(client, `/uptime/${id}/history?limit=4&after=${after}`, 'created_at');
    expect(walked.items).toEqual(all.slice(0, 20));
    // Nothing is newer than now, or older than the epoch start.
    expect(
      (await client.get(`/uptime/${id}/history?after=${Math.floor(api.mock.clock.now() / 1000)}`)).body.data,
    ).toEqual([]);
    expect((await client.get(`/uptime/${id}/history?before=0`)).body.data).toEqual([]);
  });

  it('is the same on two calls at a frozen time, and grows as the clock moves', async () => {
    const client = api.client();
    const id = await client.create('/uptime', uptimeBody(60));
    api.mock.clock.advance(HOUR);
    const path = `/uptime/${id}/history?limit=50`;
    const first = (await client.get(path)).body;
    expect((await client.get(path)).body).toEqual(first);
    api.mock.clock.advance(10 * MINUTE);
    const later = (await client.get(path)).body.data as Json[];
    // Ten new runs in front; the old ones unchanged behind them.
    expect(later.slice(10)).toEqual(first.data.slice(0, 40));
    expect(seconds(later[0].created_at)).toBe(seconds(first.data[0].created_at) + 600);
  });

  it('a paused check produces no new history while paused, and runs again once resumed', async () => {
    const client = api.client();
    const id = await client.create('/uptime', uptimeBody(60));
    api.mock.clock.advance(10 * MINUTE);
    const count = async () => (await client.get(`/uptime/${id}/history?limit=100`)).body.data.length;
    expect(await count()).toBe(10);
    await client.update(`/uptime/${id}`, 'paused=true');
    const pausedAt = api.mock.clock.now();
    api.mock.clock.advance(HOUR);
    expect(await count()).toBe(10);
    const newest = (await client.get(`/uptime/${id}/history?limit=1`)).body.data[0];
    expect(Date.parse(newest.created_at)).toBeLessThanOrEqual(pausedAt);
    await client.update(`/uptime/${id}`, 'paused=false');
    api.mock.clock.advance(5 * MINUTE);
    expect(await count()).toBe(15);
  });
});

describe('uptime periods and alerts', () => {
  /**
   * A check with runs every minute over two days that had several outages and alerts. The
   * simulation is deterministic but outages are not spread evenly over checks,
   * so create a few and take the first with enough down periods (same one on every run).
   */
  async function busyCheck(client: Client, triggerRate: number) {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(await client.create('/uptime', uptimeBody(60, `&trigger_rate=${triggerRate}`)));
    api.mock.clock.advance(2 * DAY);
    for (const id of ids) {
      const periods = (await client.get(`/uptime/${id}/periods?limit=100`)).body.data as Json[];
      const alerts = (await client.get(`/uptime/${id}/alerts?limit=100`)).body.data as Json[];
      if (periods.filter((period) => period.status === 'down').length >= 5 && alerts.length >= 4) return id;
    }
    throw new Error('no check with 5 outages and 4 alerts in two days');
  }

  it('periods: newest first, alternating status, contiguous, durations agree with their bounds', async () => {
    const client = api.client();
    const id = await busyCheck(client, 0);
    const { data } = (await client.get(`/uptime/${id}/periods?limit=100`)).body;
    expect(data.length).toBeGreaterThan(2);
    expectNewestFirst(data, 'created_at');
    // Only the current period is open.
    expect(data[0]).not.toHaveProperty('ended_at');
    expect(data[0].duration).toBe(api.mock.clock.now() - Date.parse(data[0].created_at));
    for (let i = 1; i < data.length; i++) {
      expect(data[i].status).not.toBe(data[i - 1].status);
      expect(data[i].ended_at).toBe(data[i - 1].created_at);
      expect(data[i].duration).toBe(Date.parse(data[i].ended_at) - Date.parse(data[i].created_at));
    }
  });

  it('periods agree with the runs: a period starts at a run whose status differs from the run before it', async () => {
    const client = api.client();
    const id = await busyCheck(client, 0);
    const periods = (await client.get(`/uptime/${id}/periods?limit=5`)).body.data as Json[];
    const oldest = seconds(periods[periods.length - 1].created_at);
    const runs = (
      await walk(client, `/uptime/${id}/history?limit=100&after=${oldest - 1}`, 'created_at')
    ).items.reverse();
    // Runs oldest first from the oldest period's start: rebuild the periods.
    const rebuilt: { created_at: string; up: boolean }[] = [];
    for (const run of runs) {
      const up = run.status_code === 200;
      if (rebuilt.length === 0 || rebuilt[rebuilt.length - 1]!.up !== up)
        rebuilt.push({ created_at: run.created_at, up });
    }
    expect(rebuilt.reverse().map((p) => [p.created_at, p.up ? 'up' : 'down'])).toEqual(
      periods.map((p) => [p.created_at, p.status]),
    );
  });

  it('alerts with trigger_rate 0: a down alert when a down period starts, an up alert when it ends', async () => {
    const client = api.client();
    const id = await busyCheck(client, 0);
    const periods = (await walk(client, `/uptime/${id}/periods?limit=100`, 'created_at')).items;
    const alerts = (await walk(client, `/uptime/${id}/alerts?limit=100`, 'triggered_at')).items;
    expect(alerts.length).toBeGreaterThan(0);
    const expected = periods
      .filter((p) => p.status === 'down')
      .flatMap((p) => [...(p.ended_at ? [[p.ended_at, 'up']] : []), [p.created_at, 'down']]);
    expect(alerts.map((a) => [a.triggered_at, a.status])).toEqual(expected);
  });

  it.each([1, 2, 3])(
    'alerts with trigger_rate %i: only down periods that lasted longer, alerted that many minutes in',
    async (triggerRate) => {
      const client = api.client();
      const id = await busyCheck(client, triggerRate);
      const periods = (await walk(client, `/uptime/${id}/periods?limit=100`, 'created_at')).items;
      const alerts = (await walk(client, `/uptime/${id}/alerts?limit=100`, 'triggered_at')).items;
      const now = api.mock.clock.now();
      const expected = periods
        .filter((p) => p.status === 'down')
        .flatMap((p) => {
          const downAt = Date.parse(p.created_at) + triggerRate * MINUTE;
          const end = p.ended_at ? Date.parse(p.ended_at) : now;
          // "Minutes a check must stay down before an alert is sent": none if it was up again by then.
          if (p.ended_at ? downAt >= end : downAt > end) return [];
          return [
            ...(p.ended_at ? [[p.ended_at, 'up']] : []),
            [new Date(downAt).toISOString().replace('.000Z', 'Z'), 'down'],
          ];
        });
      expect(alerts.map((a) => [a.triggered_at, a.status])).toEqual(expected);
    },
  );

  it.each([
    ['periods', 0],
    ['alerts', 0],
    ['alerts', 2],
    ['alerts', 3],
  ] as const)(
    '%s (trigger_rate %i): walking small pages gives the big page, newest first, no overlap, no gap',
    async (series, triggerRate) => {
      const client = api.client();
      const id = await busyCheck(client, triggerRate);
      const field = timeField[series]!;
      const big = (await client.get(`/uptime/${id}/${series}?limit=100`)).body.data as Json[];
      expect(big.length).toBeGreaterThan(3);
      expectNewestFirst(big, field);
      for (const limit of [1, 3]) {
        const walked = await walk(client, `/uptime/${id}/${series}?limit=${limit}`, field, 200);
        expect(walked.items.slice(0, big.length)).toEqual(big);
      }
    },
  );
});

describe('pagespeed history', () => {
  it('lists measurements newest first, one per check_rate, with aggregates over the page', async () => {
    const client = api.client();
    const created = api.mock.clock.now();
    const id = await client.create('/pagespeed', VALID.pagespeed.replace('check_rate=1800', 'check_rate=300'));
    api.mock.clock.advance(6 * HOUR);
    for (const limit of [1, 7, 25, 72]) {
      const { data, metadata } = (await client.get(`/pagespeed/${id}/history?limit=${limit}`)).body;
      expect(data).toHaveLength(limit);
      expectNewestFirst(data, 'created_at');
      for (const [i, m] of (data as Json[]).entries())
        expect(Date.parse(m.created_at)).toBe(created + (72 - i) * 300_000);
      for (const measure of ['filesize', 'loadtime', 'requests']) {
        const values = data.map((m: Json) => m[measure] as number);
        const aggregate = metadata.aggregates[measure];
        expect(aggregate.min).toBe(Math.min(...values));
        expect(aggregate.max).toBe(Math.max(...values));
        const mean = values.reduce((sum: number, v: number) => sum + v, 0) / values.length;
        expect(Math.abs(aggregate.avg - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
      }
    }
  });

  it('latest_stats of the check is its newest measurement', async () => {
    const client = api.client();
    const id = await client.create('/pagespeed', VALID.pagespeed);
    api.mock.clock.advance(3 * HOUR);
    const [newest] = (await client.get(`/pagespeed/${id}/history?limit=1`)).body.data;
    const { latest_stats } = await client.read(`/pagespeed/${id}`);
    expect(latest_stats).toMatchObject({
      filesize: newest.filesize,
      loadtime: newest.loadtime,
      requests: newest.requests,
    });
  });

  it('walks links.next like the uptime series, and is stable at a frozen time', async () => {
    const client = api.client();
    const id = await client.create('/pagespeed', VALID.pagespeed.replace('check_rate=1800', 'check_rate=600'));
    api.mock.clock.advance(DAY);
    const big = (await client.get(`/pagespeed/${id}/history?limit=100`)).body;
    expect(big.data).toHaveLength(100);
    expect(big.links.next).toBeDefined();
    expect((await client.get(`/pagespeed/${id}/history?limit=100`)).body).toEqual(big);
    const walked = await walk(client, `/pagespeed/${id}/history?limit=9`, 'created_at', 12);
    expect(walked.items.slice(0, 100)).toEqual(big.data);
    const all = await walk(client, `/pagespeed/${id}/history?limit=50`, 'created_at');
    expect(all.done).toBe(true);
    expect(all.items).toHaveLength(144);
  });

  it('a paused pagespeed check measures nothing while paused', async () => {
    const client = api.client();
    const id = await client.create('/pagespeed', VALID.pagespeed.replace('check_rate=1800', 'check_rate=60'));
    api.mock.clock.advance(5 * MINUTE);
    await client.update(`/pagespeed/${id}`, 'paused=true');
    api.mock.clock.advance(HOUR);
    expect((await client.get(`/pagespeed/${id}/history?limit=100`)).body.data).toHaveLength(5);
  });
});
