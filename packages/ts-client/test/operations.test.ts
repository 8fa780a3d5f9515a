// Every operation of the description, called through the client against the
// real mock over HTTP. What the client sent is checked where it matters by
// reading the record back (the server's view), and the wire text itself
// against the API's rules (API-FACTS.md "Wire format").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { listOperations } from '@webmon/openapi-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, NotFoundError, type Client, type ClientOptions } from '../src/index.js';
import { freshToken, startMock, type TestMock } from './support/mock.js';

const require = createRequire(import.meta.url);
const bundle: unknown = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};

// Started at collection time (top-level await): the describe blocks build their clients from its URL.
const mock: TestMock = await startMock();
afterAll(() => mock.close());

/** Every request any client in this file sent: operationId, method, URL, body text, headers. */
const sent: { operationId: string; method: string; url: string; body: string; headers: Headers }[] = [];

function client(token = freshToken(), options: Partial<ClientOptions> = {}): Client {
  return createClient({
    token,
    baseUrl: mock.url,
    ...options,
    onRequest: async (request, context) => {
      sent.push({
        operationId: context.operationId,
        method: request.method,
        url: request.url,
        body: await request.clone().text(),
        headers: request.headers,
      });
    },
  });
}
const lastSent = (operationId: string) => sent.filter((entry) => entry.operationId === operationId).at(-1)!;

describe('headers', () => {
  it('sends the bearer token and a user agent naming the package and its version', async () => {
    const token = freshToken();
    await client(token).contactGroups.list();
    const { headers } = lastSent('list-contact-groups');
    expect(headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('user-agent')).toBe(`${pkg.name}/${pkg.version}`);
  });

  it('puts the caller’s user agent first and adds extra headers', async () => {
    await client(freshToken(), { userAgent: 'my-app/2.1', headers: { 'x-request-source': 'tests' } }).ssl.list();
    const { headers } = lastSent('list-ssl-tests');
    expect(headers.get('user-agent')).toBe(`my-app/2.1 ${pkg.name}/${pkg.version}`);
    expect(headers.get('x-request-source')).toBe('tests');
  });

  it('lets a header given in any case replace the client’s own', async () => {
    await client(freshToken(), { headers: { Accept: 'application/json; charset=utf-8' } }).ssl.list(undefined, {
      headers: { 'User-Agent': 'probe/1' },
    });
    const { headers } = lastSent('list-ssl-tests');
    expect(headers.get('accept')).toBe('application/json; charset=utf-8');
    expect(headers.get('user-agent')).toBe('probe/1');
  });
});

describe('contact groups', () => {
  const api = client();

  it('creates with bracket arrays, reads, lists, empties an array, deletes', async () => {
    const id = await api.contactGroups.create({
      name: 'Night shift',
      email_addresses: ['a@example.com', 'b@example.com'],
      mobile_numbers: ['+447700900001'],
    });
    expect(typeof id).toBe('string');
    expect(lastSent('create-contact-group').body).toBe(
      'name=Night%20shift&email_addresses[]=a%40example.com&email_addresses[]=b%40example.com&mobile_numbers[]=%2B447700900001',
    );
    expect(lastSent('create-contact-group').headers.get('content-type')).toBe('application/x-www-form-urlencoded');

    const group = await api.contactGroups.get(id);
    expect(group).toMatchObject({
      id,
      name: 'Night shift',
      email_addresses: ['a@example.com', 'b@example.com'],
      mobile_numbers: ['+447700900001'],
    });

    const page = await api.contactGroups.list({ limit: 100 });
    expect(page.data.map((item) => item.id)).toContain(id);
    expect(page.metadata.per_page).toBe(100);

    await expect(
      api.contactGroups.update(id, { mobile_numbers: [], email_addresses: ['c@example.com'] }),
    ).resolves.toBeUndefined();
    expect(lastSent('update-contact-group').body).toBe('mobile_numbers[]=&email_addresses[]=c%40example.com');
    expect(await api.contactGroups.get(id)).toMatchObject({
      mobile_numbers: [],
      email_addresses: ['c@example.com'],
      name: 'Night shift',
    });

    await expect(api.contactGroups.delete(id)).resolves.toBeUndefined();
    const after = await mock.raw<{ data: { id: string }[] }>(
      lastSent('delete-contact-group').headers.get('authorization')!.slice(7),
      '/contact-groups?limit=100',
    );
    expect(after.data.map((item) => item.id)).not.toContain(id);
  });

  it('round-trips text the form encoding must escape', async () => {
    const name = 'R&D = "ops" + 100% ✓ [eu]';
    const id = await api.contactGroups.create({ name, email_addresses: ['x+tag@example.com'] });
    expect(await api.contactGroups.get(id)).toMatchObject({ name, email_addresses: ['x+tag@example.com'] });
  });
});

describe('heartbeat', () => {
  const api = client();

  it('creates, reads, filters, updates and deletes', async () => {
    const id = await api.heartbeat.create({ name: 'Cron', period: 600, tags: ['cron', 'eu'] });
    expect(await api.heartbeat.get(id)).toMatchObject({
      id,
      name: 'Cron',
      period: 600,
      tags: ['cron', 'eu'],
      paused: false,
    });

    const both = await api.heartbeat.list({ tags: ['cron', 'eu'] });
    expect(both.data.map((item) => item.id)).toEqual([id]);
    expect(lastSent('list-heartbeat-tests').url).toBe(`${mock.url}/heartbeat?tags=cron,eu`);

    await api.heartbeat.update(id, { tags: ['cron'], paused: true });
    expect(lastSent('update-heartbeat-test').body).toBe('tags[]=cron&paused=true');
    expect(await api.heartbeat.get(id)).toMatchObject({ tags: ['cron'], paused: true });

    const paused = await api.heartbeat.list({ status: 'up', nouptime: true, tags: 'cron' });
    expect(lastSent('list-heartbeat-tests').url).toBe(`${mock.url}/heartbeat?status=up&nouptime&tags=cron`);
    expect(paused.data.map((item) => item.id)).toContain(id);
    for (const item of paused.data) expect(item).not.toHaveProperty('uptime');

    await api.heartbeat.delete(id);
    await expect(api.heartbeat.get(id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('uptime', () => {
  const api = client();

  it('creates with status_codes as a list (sent as status_codes_csv) and reads it back', async () => {
    const id = await api.uptime.create({
      name: 'Shop',
      test_type: 'HTTP',
      website_url: 'https://shop.example.com',
      check_rate: 300,
      tags: ['web', 'shop'],
      regions: ['london'],
      status_codes: ['500', '503'],
    });
    expect(lastSent('create-uptime-test').body).toBe(
      'name=Shop&test_type=HTTP&website_url=https%3A%2F%2Fshop.example.com&check_rate=300&tags[]=web&tags[]=shop&regions[]=london&status_codes_csv=500,503',
    );
    const check = await api.uptime.get(id);
    expect(check).toMatchObject({ id, name: 'Shop', tags: ['web', 'shop'], status_codes: ['500', '503'] });
    expect(check.servers.length).toBeGreaterThan(0);
    for (const server of check.servers) expect(server.region_code).toBe('london');

    await api.uptime.update(id, { status_codes_csv: '502', tags: [], timeout: 30 });
    expect(await api.uptime.get(id)).toMatchObject({ status_codes: ['502'], tags: [], timeout: 30, name: 'Shop' });

    await api.uptime.update(id, { status_codes: [] });
    expect(lastSent('update-uptime-test').body).toBe('status_codes_csv=');
    expect((await api.uptime.get(id)).status_codes).toEqual([]);
  });

  it('keeps an id in its path segment: a slash is encoded, a dot segment refused before anything is sent', async () => {
    const api = client();
    const group = await api.contactGroups.create({ name: 'Kept', email_addresses: ['ops@example.com'] });
    await expect(api.uptime.delete(`../contact-groups/${group}`)).rejects.toBeInstanceOf(NotFoundError);
    expect(lastSent('delete-uptime-test').url).toBe(`${mock.url}/uptime/..%2Fcontact-groups%2F${group}`);
    const before = sent.length;
    for (const id of ['.', '..'])
      await expect(api.uptime.delete(id)).rejects.toThrow(
        new TypeError(
          `test_id cannot be "${id}": a URL path segment of only dots is removed, and the request would go elsewhere`,
        ),
      );
    expect(sent.length).toBe(before);
    expect(await api.contactGroups.get(group)).toMatchObject({ id: group, name: 'Kept' });
  });

  it('filters lists by tags, all of them or any with a bare matchany', async () => {
    const token = freshToken();
    const fresh = client(token);
    const base = { test_type: 'HTTP', website_url: 'https://example.net', check_rate: 300 } as const;
    const a = await fresh.uptime.create({ ...base, name: 'A', tags: ['red'] });
    const ab = await fresh.uptime.create({ ...base, name: 'AB', tags: ['red', 'blue'] });
    const b = await fresh.uptime.create({ ...base, name: 'B', tags: ['blue'] });

    const all = await fresh.uptime.list({ tags: ['red', 'blue'] });
    expect(all.data.map((item) => item.id)).toEqual([ab]);

    const any = await fresh.uptime.list({ tags: ['red', 'blue'], matchany: true });
    expect(lastSent('list-uptime-tests').url).toBe(`${mock.url}/uptime?tags=red,blue&matchany`);
    expect(any.data.map((item) => item.id).sort()).toEqual([a, ab, b].sort());

    await fresh.uptime.list({ tags: ['red'], matchany: false });
    expect(lastSent('list-uptime-tests').url).toBe(`${mock.url}/uptime?tags=red`);
  });

  it('reads history, periods and alerts as series with links', async () => {
    const id = await api.uptime.create({
      name: 'Series',
      test_type: 'HTTP',
      website_url: 'https://series.example.com',
      check_rate: 60,
    });
    mock.clock.advance(3 * 60 * 60 * 1000);

    const history = await api.uptime.history(id, { limit: 4 });
    expect(history.data).toHaveLength(4);
    expect(history.links.self).toContain(`/uptime/${id}/history`);
    expect(history.links.next).toContain('before=');
    expect(history.metadata).toEqual({});

    const periods = await api.uptime.periods(id, { limit: 2 });
    expect(periods.links.self).toContain(`/uptime/${id}/periods`);
    for (const period of periods.data) expect(['up', 'down']).toContain(period.status);

    const alerts = await api.uptime.alerts(id, { limit: 2, after: 0 });
    expect(lastSent('list-uptime-test-alerts').url).toBe(`${mock.url}/uptime/${id}/alerts?limit=2&after=0`);
    expect(alerts.links.self).toContain(`/uptime/${id}/alerts`);

    await api.uptime.delete(id);
    await expect(api.uptime.history(id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('maintenance windows', () => {
  const token = freshToken();
  const api = client(token);

  it('creates on tags or tests, filters by state, updates and deletes', async () => {
    const check = await api.uptime.create({
      name: 'DB',
      test_type: 'TCP',
      website_url: 'db.example.com',
      port: 5432,
      check_rate: 300,
    });
    const id = await api.maintenanceWindows.create({
      name: 'Upgrade',
      start_at: '2026-12-01T01:00:00Z',
      end_at: '2026-12-01T03:00:00Z',
      timezone: 'Europe/London',
      tests: [check],
    });
    expect(await api.maintenanceWindows.get(id)).toMatchObject({
      id,
      name: 'Upgrade',
      tests: [check],
      tags: [],
      state: 'pending',
    });

    const pending = await api.maintenanceWindows.list({ state: 'pending' });
    expect(pending.data.map((item) => item.id)).toContain(id);
    const active = await api.maintenanceWindows.list({ state: 'active' });
    expect(active.data.map((item) => item.id)).not.toContain(id);

    await api.maintenanceWindows.update(id, { tags: ['db'], repeat_interval: '1w' });
    expect(await api.maintenanceWindows.get(id)).toMatchObject({ tags: ['db'], tests: [check], repeat_interval: '1w' });

    await api.maintenanceWindows.delete(id);
    await expect(api.maintenanceWindows.get(id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('pagespeed', () => {
  const api = client();

  it('creates, reads, lists, updates, reads history and deletes', async () => {
    const id = await api.pagespeed.create({
      name: 'Home',
      website_url: 'https://www.example.org/',
      check_rate: 600,
      region: 'DE',
      alert_slower: 4000,
    });
    const check = await api.pagespeed.get(id);
    expect(check).toMatchObject({ id, name: 'Home', check_rate: 600, alert_slower: 4000 });
    expect(check.location).toContain('DE');

    expect((await api.pagespeed.list()).data.map((item) => item.id)).toContain(id);

    await api.pagespeed.update(id, { contact_groups: [], alert_bigger: 900 });
    expect(await api.pagespeed.get(id)).toMatchObject({ contact_groups: [], alert_bigger: 900 });

    mock.clock.advance(2 * 60 * 60 * 1000);
    const history = await api.pagespeed.history(id, { limit: 3 });
    expect(history.data.length).toBeGreaterThan(0);
    expect(history.metadata.aggregates.loadtime.max).toBeGreaterThanOrEqual(history.metadata.aggregates.loadtime.min);

    await api.pagespeed.delete(id);
    await expect(api.pagespeed.get(id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('ssl', () => {
  const api = client();

  it('creates with alert_at as a bracket array, updates and deletes', async () => {
    const id = await api.ssl.create({
      website_url: 'https://secure.example.com',
      check_rate: 86400,
      alert_at: [30, 7, 1],
      alert_expiry: true,
    });
    expect(lastSent('create-ssl-test').body).toBe(
      'website_url=https%3A%2F%2Fsecure.example.com&check_rate=86400&alert_at[]=30&alert_at[]=7&alert_at[]=1&alert_expiry=true',
    );
    expect(await api.ssl.get(id)).toMatchObject({
      id,
      alert_at: [30, 7, 1],
      alert_expiry: true,
      hostname: 'secure.example.com',
    });

    expect((await api.ssl.list({ page: 1, limit: 50 })).data.map((item) => item.id)).toContain(id);

    await api.ssl.update(id, { alert_at: [14, 3, 1], paused: true });
    expect(await api.ssl.get(id)).toMatchObject({ alert_at: [14, 3, 1], paused: true });

    await api.ssl.delete(id);
    await expect(api.ssl.get(id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('locations', () => {
  const api = client();

  it('lists uptime locations, filtered by region code, as a plain array', async () => {
    const everywhere = await api.locations.uptime();
    const london = await api.locations.uptime({ region_code: 'london' });
    expect(london.length).toBeGreaterThan(0);
    expect(london.length).toBeLessThan(everywhere.length);
    for (const location of london) expect(location.region_code).toBe('london');
  });

  it('lists pagespeed locations, filtered by country', async () => {
    const everywhere = await api.locations.pagespeed();
    const france = await api.locations.pagespeed({ location: 'FR' });
    expect(lastSent('list-pagespeed-monitoring-locations').url).toBe(`${mock.url}/pagespeed-locations?location=FR`);
    expect(france.length).toBeGreaterThan(0);
    expect(france.length).toBeLessThan(everywhere.length);
  });
});

describe('coverage', () => {
  it('called every operation of the description (this file runs it last)', () => {
    const documented = listOperations(bundle).map((op) => op.operationId);
    expect(documented).toHaveLength(36);
    expect([...new Set(sent.map((entry) => entry.operationId))].sort()).toEqual([...documented].sort());
  });
});
