// List filters (SPEC.md sections 5 and 7, API-FACTS.md): status up/down on
// uptime and heartbeat lists, tags (all must match, or any with matchany),
// nouptime, maintenance window state, and the locations' region_code and location.
import { describe, expect, it } from 'vitest';
import { VALID, useApi, type Client } from './client.js';
import { NOW } from './start-mock.js';

const api = useApi({ seed: false });
const ids = (list: { data: { id: string }[] }) => list.data.map((item) => item.id).sort();

describe('status', () => {
  it('heartbeat: status=down lists the overdue checks, status=up the others', async () => {
    const client = api.client();
    const quick = await client.create('/heartbeat', 'name=Quick&period=60');
    const slow = await client.create('/heartbeat', 'name=Slow&period=3600');
    expect(ids(await client.list('/heartbeat?status=up'))).toEqual([quick, slow].sort());
    expect(ids(await client.list('/heartbeat?status=down'))).toEqual([]);
    api.mock.clock.advance(61_000);
    expect(ids(await client.list('/heartbeat?status=down'))).toEqual([quick]);
    expect(ids(await client.list('/heartbeat?status=up'))).toEqual([slow]);
  });

  it('uptime: status=up and status=down split the checks by their status', async () => {
    const client = api.client();
    const created: string[] = [];
    for (let i = 0; i < 8; i++)
      created.push(
        await client.create(
          '/uptime',
          VALID.uptime
            .replace('check_rate=1800', 'check_rate=30')
            .replace('name=Example%20home%20page', `name=Check${i}`),
        ),
      );
    // Move time on, one run at a time, until the simulation has some check down (deterministic: same step every run).
    let statuses: Record<string, string> = {};
    for (let step = 0; step < 2000; step++) {
      api.mock.clock.advance(30_000);
      statuses = Object.fromEntries(
        (await client.list('/uptime?limit=100')).data.map((check: { id: string; status: string }) => [
          check.id,
          check.status,
        ]),
      );
      if (Object.values(statuses).includes('down')) break;
    }
    const down = created.filter((id) => statuses[id] === 'down');
    const up = created.filter((id) => statuses[id] === 'up');
    expect(down.length).toBeGreaterThan(0);
    expect(up.length).toBeGreaterThan(0);
    expect(ids(await client.list('/uptime?status=down&limit=100'))).toEqual(down.sort());
    expect(ids(await client.list('/uptime?status=up&limit=100'))).toEqual(up.sort());
    // The list's status is the check's status.
    for (const id of down) expect((await client.read(`/uptime/${id}`)).status).toBe('down');
  });
});

describe('tags and matchany', () => {
  async function tagged(client: Client, base: string, body: string) {
    return {
      ab: await client.create(base, `${body}&tags[]=a&tags[]=b`),
      bc: await client.create(base, `${body}&tags[]=b&tags[]=c`),
      c: await client.create(base, `${body}&tags[]=c`),
      none: await client.create(base, body),
    };
  }

  it.each([
    ['/uptime', VALID.uptime],
    ['/heartbeat', VALID.heartbeat],
  ])('%s: tags must all match; with matchany, any of them', async (base, body) => {
    const client = api.client();
    const t = await tagged(client, base, body);
    expect(ids(await client.list(`${base}?tags=b`))).toEqual([t.ab, t.bc].sort());
    expect(ids(await client.list(`${base}?tags=a,b`))).toEqual([t.ab]);
    expect(ids(await client.list(`${base}?tags=b,a`))).toEqual([t.ab]);
    expect(ids(await client.list(`${base}?tags=a,c`))).toEqual([]);
    expect(ids(await client.list(`${base}?tags=a,c&matchany`))).toEqual([t.ab, t.bc, t.c].sort());
    // matchany takes no value: presence means true.
    expect(ids(await client.list(`${base}?matchany=&tags=a,c`))).toEqual([t.ab, t.bc, t.c].sort());
    expect(ids(await client.list(`${base}?tags=z&matchany`))).toEqual([]);
    expect(ids(await client.list(`${base}?tags=c`))).toEqual([t.bc, t.c].sort());
    expect(ids(await client.list(base))).toEqual(Object.values(t).sort());
  });

  it('tags combine with status', async () => {
    const client = api.client();
    const quick = await client.create('/heartbeat', 'name=Quick&period=60&tags[]=prod');
    await client.create('/heartbeat', 'name=Slow&period=3600&tags[]=prod');
    await client.create('/heartbeat', 'name=Other&period=60&tags[]=dev');
    api.mock.clock.advance(61_000);
    expect(ids(await client.list('/heartbeat?status=down&tags=prod'))).toEqual([quick]);
  });

  it('refuses an empty tag in the list', async () => {
    const answer = await api.client().get('/uptime?tags=a,,b');
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(['tags']);
  });
});

describe('nouptime', () => {
  it.each([
    ['/uptime', VALID.uptime],
    ['/heartbeat', VALID.heartbeat],
  ])('%s: items carry uptime, and leave it out when nouptime is present', async (base, body) => {
    const client = api.client();
    await client.create(base, body);
    await client.create(base, body);
    const full = await client.list(base);
    for (const item of full.data) expect(item.uptime).toEqual(expect.any(Number));
    for (const query of ['?nouptime', '?nouptime=', '?limit=10&nouptime']) {
      const lean = await client.list(`${base}${query}`);
      expect(lean.data).toHaveLength(2);
      for (const item of lean.data) expect(item).not.toHaveProperty('uptime');
      // Everything else is the same.
      expect(lean.data).toEqual(full.data.map(({ uptime: _uptime, ...rest }: { uptime: number }) => rest));
    }
  });

  it('does not change the check itself', async () => {
    const client = api.client();
    const id = await client.create('/uptime', VALID.uptime);
    await client.list('/uptime?nouptime');
    expect((await client.read(`/uptime/${id}`)).uptime).toEqual(expect.any(Number));
  });
});

describe('maintenance window state', () => {
  // NOW is 2026-11-22T12:00:00Z, a Sunday.
  const at = (start: string, end: string, repeat = 'never', zone = 'UTC') =>
    `name=W&start_at=${encodeURIComponent(start)}&end_at=${encodeURIComponent(end)}&repeat_interval=${repeat}&timezone=${encodeURIComponent(zone)}&tags[]=db`;

  it('state=active, pending, paused each list exactly the windows in that state', async () => {
    const client = api.client();
    api.mock.clock.set(NOW);
    const active = await client.create('/maintenance-windows', at('2026-11-22T11:00:00Z', '2026-11-22T13:00:00Z'));
    const pending = await client.create('/maintenance-windows', at('2026-11-23T01:00:00Z', '2026-11-23T03:00:00Z'));
    const over = await client.create('/maintenance-windows', at('2026-11-01T01:00:00Z', '2026-11-01T03:00:00Z'));
    const all = (await client.list('/maintenance-windows')).data;
    const byState = (state: string) =>
      all
        .filter((w: { state: string }) => w.state === state)
        .map((w: { id: string }) => w.id)
        .sort();
    expect(byState('active')).toEqual([active]);
    expect(byState('pending')).toEqual([pending]);
    // A one-off window that is over is neither active nor pending.
    expect(byState('active').concat(byState('pending'))).not.toContain(over);
    for (const state of ['active', 'pending', 'paused']) {
      expect(ids(await client.list(`/maintenance-windows?state=${state}`)), state).toEqual(byState(state));
    }
  });

  it('follows the clock: pending, then active, then over', async () => {
    const client = api.client();
    api.mock.clock.set(NOW);
    const id = await client.create('/maintenance-windows', at('2026-11-22T14:00:00Z', '2026-11-22T15:00:00Z'));
    expect((await client.read(`/maintenance-windows/${id}`)).state).toBe('pending');
    api.mock.clock.set(Date.UTC(2026, 10, 22, 14, 30));
    expect((await client.read(`/maintenance-windows/${id}`)).state).toBe('active');
    expect(ids(await client.list('/maintenance-windows?state=active'))).toEqual([id]);
    api.mock.clock.set(Date.UTC(2026, 10, 22, 15, 0, 1));
    expect((await client.read(`/maintenance-windows/${id}`)).state).not.toMatch(/^(active|pending)$/);
    api.mock.clock.set(NOW);
  });

  it.each([
    ['1d', '2026-01-01T11:00:00Z', '2026-01-01T13:00:00Z', 'active'],
    ['1w', '2026-11-15T11:00:00Z', '2026-11-15T13:00:00Z', 'active'],
    ['1w', '2026-11-16T11:00:00Z', '2026-11-16T13:00:00Z', 'pending'],
    ['2w', '2026-11-08T11:00:00Z', '2026-11-08T13:00:00Z', 'active'],
    ['2w', '2026-11-15T11:00:00Z', '2026-11-15T13:00:00Z', 'pending'],
    ['1m', '2026-10-22T11:00:00Z', '2026-10-22T13:00:00Z', 'active'],
    ['1m', '2026-10-21T11:00:00Z', '2026-10-21T13:00:00Z', 'pending'],
  ])('a window repeating every %s from %s is %s at NOW', async (repeat, start, end, state) => {
    const client = api.client();
    api.mock.clock.set(NOW);
    const id = await client.create('/maintenance-windows', at(start, end, repeat));
    expect((await client.read(`/maintenance-windows/${id}`)).state).toBe(state);
  });

  it('repeats at the same wall-clock time in its timezone across a DST change', async () => {
    const client = api.client();
    // Weekly, Tuesdays 01:00 to 03:00 London time, first on 2026-01-06 (GMT, so 01:00Z to 03:00Z).
    api.mock.clock.set(NOW);
    const id = await client.create(
      '/maintenance-windows',
      at('2026-01-06T01:00:00Z', '2026-01-06T03:00:00Z', '1w', 'Europe/London'),
    );
    const stateAt = async (instant: number) => {
      api.mock.clock.set(instant);
      return (await client.read(`/maintenance-windows/${id}`)).state;
    };
    // Tuesday 2026-07-07 is in BST (UTC+1): the window is 00:00Z to 02:00Z.
    expect(await stateAt(Date.UTC(2026, 6, 6, 23, 59))).toBe('pending');
    expect(await stateAt(Date.UTC(2026, 6, 7, 0, 30))).toBe('active');
    expect(await stateAt(Date.UTC(2026, 6, 7, 1, 59))).toBe('active');
    expect(await stateAt(Date.UTC(2026, 6, 7, 2, 30))).toBe('pending');
    // Back in GMT (Tuesday 2026-11-24): 01:00Z to 03:00Z.
    expect(await stateAt(Date.UTC(2026, 10, 24, 0, 30))).toBe('pending');
    expect(await stateAt(Date.UTC(2026, 10, 24, 2, 30))).toBe('active');
    api.mock.clock.set(NOW);
  });

  it('reads start_at and end_at in the timezone, ignoring their UTC offset (API-FACTS.md)', async () => {
    const client = api.client();
    api.mock.clock.set(NOW);
    // 11:30 to 13:30 in New York (EST, UTC-5) is 16:30Z to 18:30Z: pending at 12:00Z.
    // Were the +05:00 offset honoured, it would be 06:30Z to 08:30Z: over.
    const id = await client.create(
      '/maintenance-windows',
      at('2026-11-22T11:30:00+05:00', '2026-11-22T13:30:00+05:00', 'never', 'America/New_York'),
    );
    expect((await client.read(`/maintenance-windows/${id}`)).state).toBe('pending');
    api.mock.clock.set(Date.UTC(2026, 10, 22, 16, 30));
    expect((await client.read(`/maintenance-windows/${id}`)).state).toBe('active');
    api.mock.clock.set(Date.UTC(2026, 10, 22, 16, 29, 59));
    expect((await client.read(`/maintenance-windows/${id}`)).state).toBe('pending');
    api.mock.clock.set(NOW);
  });
});

describe('monitoring locations', () => {
  it('lists the uptime locations, including the sample regions london and paris', async () => {
    const client = api.client();
    const { data } = (await client.get('/uptime-locations')).body;
    expect(data.length).toBeGreaterThan(0);
    const codes = new Set(data.map((location: { region_code: string }) => location.region_code));
    expect(codes.has('london')).toBe(true);
    expect(codes.has('paris')).toBe(true);
  });

  it('filters uptime locations by region_code', async () => {
    const client = api.client();
    const all = (await client.get('/uptime-locations')).body.data as { region_code: string }[];
    for (const code of ['london', 'paris']) {
      const { data } = (await client.get(`/uptime-locations?region_code=${code}`)).body;
      expect(data.length).toBeGreaterThan(0);
      expect(data).toEqual(all.filter((location) => location.region_code === code));
    }
    expect((await client.get('/uptime-locations?region_code=atlantis')).body.data).toEqual([]);
  });

  it('lists a pagespeed location for each pagespeed region of SPEC.md section 9', async () => {
    const { data } = (await api.client().get('/pagespeed-locations')).body;
    expect(new Set(data.map((location: { region_code: string }) => location.region_code))).toEqual(
      new Set(['AU', 'CA', 'DE', 'FR', 'IN', 'JP', 'NL', 'SG', 'UK', 'US', 'USW']),
    );
  });

  it('filters pagespeed locations by country (ISO 3166-1 alpha-2): GB is UK, US is US and USW', async () => {
    const client = api.client();
    const codes = async (country: string) =>
      (await client.get(`/pagespeed-locations?location=${country}`)).body.data
        .map((location: { region_code: string }) => location.region_code)
        .sort();
    expect(await codes('GB')).toEqual(['UK']);
    expect(await codes('US')).toEqual(['US', 'USW']);
    expect(await codes('DE')).toEqual(['DE']);
    expect(await codes('ZZ')).toEqual([]);
  });

  it('reads UK, the exceptionally reserved alias of GB (and the pagespeed region code), as GB', async () => {
    const client = api.client();
    const gb = (await client.get('/pagespeed-locations?location=GB')).body.data;
    const uk = (await client.get('/pagespeed-locations?location=UK')).body.data;
    expect(gb.length).toBeGreaterThan(0);
    expect(uk).toEqual(gb);
  });

  it('refuses a location that is not two capital letters', async () => {
    for (const value of ['gb', 'GBR', 'G']) {
      const answer = await api.client().get(`/pagespeed-locations?location=${value}`);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual(['location']);
    }
  });
});
