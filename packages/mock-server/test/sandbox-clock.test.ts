// The sandbox clock (sandbox-clock.ts) over HTTP: GET/POST /sandbox/clock, one
// clock per account, checked against its own description
// (packages/spec/sandbox/sandbox-clock.yaml, bundled as @webmon/spec/sandbox-clock.json),
// and the simulated monitoring following the account's time. The mock's own
// clock is a frozen ManualClock (start-mock.ts): only advances move time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { MAX_ADVANCE_SECONDS, MAX_OFFSET_SECONDS } from '../src/sandbox-clock.js';
import { snapshotOf, accountFrom } from '../src/store/snapshot.js';
import { freshToken, useApi, type Client, type Json } from './client.js';
import { NOW } from './start-mock.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const require = createRequire(import.meta.url);
const description = JSON.parse(readFileSync(require.resolve('@webmon/spec/sandbox-clock.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(description, 'https://spec.local/sandbox-clock.json');
const at = (pointer: string) => ajv.getSchema(`https://spec.local/sandbox-clock.json#${pointer}`)!;
const clockSchema = at('/components/responses/Clock/content/application~1json/schema');
const errorSchema = at('/paths/~1sandbox~1clock/post/responses/400/content/application~1json/schema');

const api = useApi({ seed: false });
const HOUR = 3600;
const DAY = 86_400;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A request to the mock's /sandbox/clock (at its origin, beside /v1). */
function callClock(method: string, init: { body?: string; token?: string | null; headers?: Record<string, string> }) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return fetch(`${new URL(api.mock.url).origin}/sandbox/clock`, { method, headers, body: init.body });
}

/** One call to /sandbox/clock with the client's token; the answer checked against the clock's description. */
async function clock(client: Client, method: 'GET' | 'POST', body?: string, headers: Record<string, string> = {}) {
  const response = await callClock(method, { body, token: client.token, headers });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as Json) : undefined;
  const schema = response.status === 200 ? clockSchema : errorSchema;
  expect(schema(json), `${method} /sandbox/clock -> ${response.status} ${text}`).toBe(true);
  return { status: response.status, body: json, headers: response.headers };
}
const advance = (client: Client, seconds: number) => clock(client, 'POST', `advance=${seconds}`);

describe('GET and POST /sandbox/clock', () => {
  it('sits outside /v1 and answers the account time, moved by each advance', async () => {
    const client = api.client();
    expect((await clock(client, 'GET')).body).toEqual({ data: { now: iso(NOW), advanced_seconds: 0 } });
    const moved = await advance(client, HOUR);
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ data: { now: iso(NOW + HOUR * 1000), advanced_seconds: HOUR } });
    await advance(client, 90);
    expect((await clock(client, 'GET')).body.data).toEqual({ now: iso(NOW + 3690 * 1000), advanced_seconds: 3690 });
    // Under /v1 there is no such route.
    expect((await client.get('/sandbox/clock')).status).toBe(404);
  });

  it('moves only the caller account', async () => {
    const mover = api.client();
    const other = api.client();
    await advance(mover, DAY);
    expect((await clock(other, 'GET')).body.data.advanced_seconds).toBe(0);
  });

  it('bounds and describes agree: the description states the mock limits', () => {
    const advanceSchema = description.components.schemas.ClockAdvance.properties.advance;
    expect(advanceSchema.maximum).toBe(MAX_ADVANCE_SECONDS);
    expect(description.components.schemas.SandboxClock.properties.advanced_seconds.maximum).toBe(MAX_OFFSET_SECONDS);
  });

  it.each([
    ['', 'advance is required'],
    ['advance=0', `advance must be between 1 and ${MAX_ADVANCE_SECONDS}`],
    ['advance=-60', `advance must be between 1 and ${MAX_ADVANCE_SECONDS}`],
    [`advance=${MAX_ADVANCE_SECONDS + 1}`, `advance must be between 1 and ${MAX_ADVANCE_SECONDS}`],
    ['advance=1.5', 'advance must be a whole number of seconds'],
    ['advance=1e3', 'advance must be a whole number of seconds'],
    ['advance=0x10', 'advance must be a whole number of seconds'],
    ['advance=99999999999999999999999', 'advance must be a whole number of seconds'],
    ['advance=1&advance=2', 'advance must be a whole number of seconds'],
    ['advance=%E0%A4%A', null],
  ])('refuses %j with 400 in the API error shape, the clock unmoved', async (body, message) => {
    const client = api.client();
    const answer = await clock(client, 'POST', body);
    expect(answer.status).toBe(400);
    if (message) expect(answer.body.errors.advance).toEqual([message]);
    expect((await clock(client, 'GET')).body.data.advanced_seconds).toBe(0);
  });

  it('refuses other fields, JSON bodies, other methods and a missing token', async () => {
    const client = api.client();
    const extra = await clock(client, 'POST', 'advance=60&rewind=60');
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual({ rewind: ['rewind is not a field of this request'] });
    const asJson = await clock(client, 'POST', '{"advance":60}', { 'content-type': 'application/json' });
    expect(asJson.status).toBe(415);
    const put = await callClock('PUT', { body: 'advance=60', token: client.token });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    const anonymous = await callClock('GET', { token: null });
    expect(anonymous.status).toBe(401);
    expect((await clock(client, 'GET')).body.data.advanced_seconds).toBe(0);
  });

  it('runs at most 90 days ahead in all', async () => {
    const client = api.client();
    await advance(client, 30 * DAY);
    await advance(client, 30 * DAY);
    await advance(client, 30 * DAY - 10);
    const over = await advance(client, 11);
    expect(over.status).toBe(400);
    expect(over.body.errors.advance[0]).toMatch(/^advance must be at most 10:/);
    expect((await advance(client, 10)).body.data.advanced_seconds).toBe(90 * DAY);
  });

  it('is kept with the account: a snapshot carries it, and a damaged one is refused', async () => {
    const token = freshToken('clock-snapshot');
    const client = api.client(token);
    await advance(client, 7 * DAY);
    const snapshot = api.mock.running.api.exportAccount(token);
    expect(snapshot.clockOffsetMs).toBe(7 * DAY * 1000);
    const back = accountFrom(JSON.parse(JSON.stringify(snapshot)), NOW);
    expect(snapshotOf(back).clockOffsetMs).toBe(7 * DAY * 1000);
    // A state saved before the clock existed reads as not moved.
    const { clockOffsetMs: _, ...older } = snapshot;
    expect(accountFrom(older, NOW).clockOffsetMs).toBe(0);
    for (const damaged of [-1, 1.5, '60', (MAX_OFFSET_SECONDS + 1) * 1000])
      expect(() => accountFrom({ ...snapshot, clockOffsetMs: damaged }, NOW)).toThrow(/sandbox clock is damaged/);
  });
});

describe('the simulated monitoring follows the account clock', () => {
  it('a heartbeat with period 30 reads down after advance=3600, and up after a ping', async () => {
    const client = api.client();
    const id = await client.create('/heartbeat', 'name=Nightly%20job&period=30');
    const { url, status } = await client.read(`/heartbeat/${id}`);
    expect(status).toBe('up');
    await advance(client, 3600);
    expect((await client.read(`/heartbeat/${id}`)).status).toBe('down');
    expect((await client.list('/heartbeat?status=down')).data.map((check: Json) => check.id)).toContain(id);
    expect((await fetch(url)).status).toBe(200);
    const after = await client.read(`/heartbeat/${id}`);
    expect(after.status).toBe('up');
    // The ping is stamped with the account's time, not the mock's.
    expect(after.last_tested_at).toBe(iso(NOW + 3600 * 1000));
    // ...and the next 31 seconds without one take it down again.
    await advance(client, 31);
    expect((await client.read(`/heartbeat/${id}`)).status).toBe('down');
  });

  it('a heartbeat of another account is not moved', async () => {
    const mover = api.client();
    const still = api.client();
    const id = await still.create('/heartbeat', 'name=Other&period=30');
    await advance(mover, 3600);
    expect((await still.read(`/heartbeat/${id}`)).status).toBe('up');
  });

  // NOW is 2026-11-22T12:00:00Z; London is on GMT (UTC+0) in November, so
  // tomorrow 02:00 London is 2026-11-23T02:00:00Z, 14 hours on.
  it('a window for tomorrow 02:00-03:00 Europe/London: active after 14 h, pending an hour later (weekly)', async () => {
    const client = api.client();
    await client.create(
      '/uptime',
      'name=Shop&test_type=HTTP&website_url=https%3A%2F%2Fshop.example.com&check_rate=300&tags[]=release',
    );
    const id = await client.create(
      '/maintenance-windows',
      'name=Release&start_at=2026-11-23T02%3A00%3A00Z&end_at=2026-11-23T03%3A00%3A00Z&timezone=Europe%2FLondon&repeat_interval=1w&tags[]=release',
    );
    const state = async () => (await client.read(`/maintenance-windows/${id}`)).state;
    expect(await state()).toBe('pending');
    await advance(client, 14 * HOUR - 1);
    expect(await state()).toBe('pending');
    await advance(client, 1);
    expect(await state()).toBe('active');
    expect((await client.list('/maintenance-windows?state=active')).data.map((w: Json) => w.id)).toEqual([id]);
    await advance(client, HOUR);
    expect(await state()).toBe('pending');
    // A week after its start it is under way again.
    await advance(client, 7 * DAY - HOUR);
    expect(await state()).toBe('active');
  });

  it('in summer the same window starts at 01:00Z (BST, UTC+1): the zone decides the advance', async () => {
    const client = api.client();
    // From 2026-11-22T12:00Z to 2027-06-10T01:00Z, in days and hours: 199 days 13 hours.
    const id = await client.create(
      '/maintenance-windows',
      'name=Summer&start_at=2027-06-10T02%3A00%3A00Z&end_at=2027-06-10T03%3A00%3A00Z&timezone=Europe%2FLondon&tags[]=release',
    );
    const state = async () => (await client.read(`/maintenance-windows/${id}`)).state;
    // 90 days is as far as a sandbox clock goes: the mock's own clock carries the rest.
    api.mock.clock.set(Date.UTC(2027, 5, 9, 12, 0, 0));
    try {
      await advance(client, 13 * HOUR - 1);
      expect(await state()).toBe('pending');
      await advance(client, 1);
      expect(await state()).toBe('active');
      await advance(client, HOUR);
      // A one-off window that is over reads paused (README: the spec has no "ended" state).
      expect(await state()).toBe('paused');
    } finally {
      api.mock.clock.set(NOW);
    }
  });

  it('uptime history, periods and alerts accrue; the percentage moves', async () => {
    const client = api.client();
    const id = await client.create(
      '/uptime',
      'name=Site&test_type=HTTP&website_url=https%3A%2F%2Fwww.example.com&check_rate=60',
    );
    const read = async () => ({
      history: (await client.get(`/uptime/${id}/history?limit=100`)).body.data as Json[],
      periods: (await client.get(`/uptime/${id}/periods?limit=100`)).body.data as Json[],
      alerts: (await client.get(`/uptime/${id}/alerts?limit=100`)).body.data as Json[],
      check: await client.read(`/uptime/${id}`),
    });
    const before = await read();
    expect(before.history).toEqual([]);
    await advance(client, HOUR);
    const hour = await read();
    // A run a minute: 60 runs in the hour, the newest at the account's now.
    expect(hour.history).toHaveLength(60);
    expect(hour.history[0].created_at).toBe(iso(NOW + HOUR * 1000));
    expect(hour.check.last_tested_at).toBe(iso(NOW + HOUR * 1000));
    await advance(client, 7 * DAY);
    const week = await read();
    expect(week.periods.length).toBeGreaterThan(hour.periods.length);
    expect(week.alerts.length).toBeGreaterThan(0);
    const percentages = new Set([hour.check.uptime]);
    for (let day = 0; day < 5; day++) {
      await advance(client, DAY);
      percentages.add((await client.read(`/uptime/${id}`)).uptime);
    }
    expect(percentages.size).toBeGreaterThan(1);
  });

  it('an SSL certificate comes closer to its expiry, and is expired once past valid_until', async () => {
    const client = api.client();
    const id = await client.create(
      '/ssl',
      'website_url=https%3A%2F%2Fwww.example.com&check_rate=86400&alert_at[]=30&alert_at[]=7&alert_at[]=1',
    );
    const first = await client.read(`/ssl/${id}`);
    const clockNow = async () => Date.parse((await clock(client, 'GET')).body.data.now);
    const daysLeft = async () => (Date.parse(first.valid_until) - (await clockNow())) / 86_400_000;
    const before = await daysLeft();
    expect(first.flags.is_expired).toBe(false);
    await advance(client, 10 * DAY);
    expect(await daysLeft()).toBeCloseTo(before - 10, 6);
    const later = await client.read(`/ssl/${id}`);
    expect(later.updated_at).not.toBe(first.updated_at);
    // Advance past valid_until, in steps a sandbox clock takes.
    const toExpiry = Math.ceil((await daysLeft()) * DAY);
    for (let left = toExpiry; left > 0; left -= MAX_ADVANCE_SECONDS)
      await advance(client, Math.min(left, MAX_ADVANCE_SECONDS));
    expect((await client.read(`/ssl/${id}`)).flags.is_expired).toBe(true);
  });

  it('the same advances give the same answers on a fresh account', async () => {
    const run = async () => {
      const client = api.client();
      const id = await client.create(
        '/uptime',
        'name=Site&test_type=HTTP&website_url=https%3A%2F%2Fwww.example.com&check_rate=300',
      );
      await advance(client, 3 * DAY);
      return [
        (await client.get(`/uptime/${id}/history?limit=20`)).text,
        (await client.get(`/uptime/${id}/alerts`)).text,
        (await client.read(`/uptime/${id}`)).uptime,
      ];
    };
    const [a, b] = [await run(), await run()];
    expect(a[0]).not.toBe('{"data":[]');
    // Ids differ per account only if records differ: both accounts' first record has the same id.
    expect(b).toEqual(a);
  });
});
