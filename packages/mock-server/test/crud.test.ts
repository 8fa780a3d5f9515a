// Create, get, list, update and delete of every resource, over HTTP, each as
// SPEC.md section 7 and API-FACTS.md describe: 201 {data:{new_id}}, 200 {data},
// 200 {data:[...], metadata}, 204 with no body, then 404 once deleted.
import { describe, expect, it } from 'vitest';
import { VALID, useApi, type Client } from './client.js';

const api = useApi({ seed: false });

/** The full life of one resource; `check` runs on the created record before it is updated. */
async function lifecycle(
  client: Client,
  base: string,
  createBody: string,
  update: { body: string; changed: Record<string, unknown> },
) {
  const id = await client.create(base, createBody);
  expect(id).not.toBe('');

  const before = await client.read(`${base}/${id}`);
  expect(before.id).toBe(id);

  const listed = await client.list(base);
  expect(listed.data.map((item: { id: string }) => item.id)).toContain(id);

  const answer = await client.put(`${base}/${id}`, update.body);
  expect(answer.status).toBe(204);
  expect(answer.text).toBe('');
  const after = await client.read(`${base}/${id}`);
  // Only the fields sent change.
  expect(after).toEqual({ ...before, ...update.changed });

  const deleted = await client.delete(`${base}/${id}`);
  expect(deleted.status).toBe(204);
  expect(deleted.text).toBe('');
  expect((await client.get(`${base}/${id}`)).status).toBe(404);
  expect((await client.list(base)).data.map((item: { id: string }) => item.id)).not.toContain(id);
  return { id, before, after };
}

describe('contact groups', () => {
  it('creates, gets, lists, updates and deletes a contact group', async () => {
    const client = api.client();
    const { before } = await lifecycle(
      client,
      '/contact-groups',
      `${VALID.contactGroup}&ping_url=https%3A%2F%2Fhooks.example.com%2Fevents`,
      {
        body: 'name=Night%20shift',
        changed: { name: 'Night shift' },
      },
    );
    expect(before).toEqual({
      id: before.id,
      name: 'Operations team',
      email_addresses: ['ops@example.com'],
      integrations: [],
      mobile_numbers: ['+447700900123'],
      ping_url: 'https://hooks.example.com/events',
    });
  });

  it('detaches a deleted contact group from the checks that used it', async () => {
    const client = api.client();
    const group = await client.create('/contact-groups', 'name=Ops');
    const other = await client.create('/contact-groups', 'name=Others');
    const check = await client.create('/uptime', `${VALID.uptime}&contact_groups[]=${group}&contact_groups[]=${other}`);
    expect((await client.read(`/uptime/${check}`)).contact_groups).toEqual([group, other]);
    expect((await client.delete(`/contact-groups/${group}`)).status).toBe(204);
    expect((await client.read(`/uptime/${check}`)).contact_groups).toEqual([other]);
  });
});

describe('deleting an uptime check', () => {
  it("takes it out of maintenance windows' tests, so a window read and sent back is accepted", async () => {
    const client = api.client();
    const gone = await client.create('/uptime', VALID.uptime);
    const kept = await client.create('/uptime', VALID.uptime);
    const window = await client.create(
      '/maintenance-windows',
      `name=Upgrade&start_at=2026-12-01T01%3A00%3A00Z&end_at=2026-12-01T03%3A00%3A00Z&timezone=Europe%2FLondon&tests[]=${gone}&tests[]=${kept}`,
    );
    const other = await client.create(
      '/maintenance-windows',
      `name=Other&start_at=2026-12-01T01%3A00%3A00Z&end_at=2026-12-01T03%3A00%3A00Z&timezone=Europe%2FLondon&tests[]=${gone}&tags[]=db`,
    );
    expect((await client.delete(`/uptime/${gone}`)).status).toBe(204);
    const read = await client.read(`/maintenance-windows/${window}`);
    expect(read.tests).toEqual([kept]);
    expect((await client.read(`/maintenance-windows/${other}`)).tests).toEqual([]);
    // The list as read, sent back: refused before the fix ("no uptime check has the id ...").
    await client.update(`/maintenance-windows/${window}`, read.tests.map((id: string) => `tests[]=${id}`).join('&'));
    // Listed windows agree with the window read.
    const listed = (await client.list('/maintenance-windows?limit=100')).data.find(
      (item: { id: string }) => item.id === window,
    );
    expect(listed.tests).toEqual([kept]);
  });
});

describe('heartbeat checks', () => {
  it('creates, gets, lists, updates and deletes a heartbeat check', async () => {
    const client = api.client();
    const group = await client.create('/contact-groups', 'name=Ops');
    const { before } = await lifecycle(
      client,
      '/heartbeat',
      `name=Nightly%20backup&period=3600&host=Hetzner&tags[]=backups&contact_groups[]=${group}`,
      {
        body: 'period=7200',
        changed: { period: 7200 },
      },
    );
    expect(before).toMatchObject({
      name: 'Nightly backup',
      period: 3600,
      host: 'Hetzner',
      tags: ['backups'],
      contact_groups: [group],
      paused: false,
      status: 'up',
    });
    // No ping yet: a field with no value is left out (the spec's info.description), not null.
    expect(before).not.toHaveProperty('last_tested_at');
  });

  it('lists a heartbeat check without host and last_tested_at (SPEC.md section 3)', async () => {
    const client = api.client();
    const id = await client.create('/heartbeat', 'name=Worker&period=300&host=AWS');
    const [item] = (await client.list('/heartbeat')).data;
    expect(item.id).toBe(id);
    expect(item).not.toHaveProperty('host');
    expect(item).not.toHaveProperty('last_tested_at');
    expect(item).toMatchObject({ name: 'Worker', period: 300, paused: false, status: 'up' });
  });
});

describe('maintenance windows', () => {
  it('creates, gets, lists, updates and deletes a maintenance window', async () => {
    const client = api.client();
    const check = await client.create('/uptime', VALID.uptime);
    const { before } = await lifecycle(client, '/maintenance-windows', `${VALID.maintenanceWindow}&tests[]=${check}`, {
      body: 'name=Monthly%20upgrade&repeat_interval=1m',
      changed: { name: 'Monthly upgrade', repeat_interval: '1m' },
    });
    expect(before).toMatchObject({
      name: 'Weekly upgrade',
      start_at: '2026-12-01T01:00:00Z',
      end_at: '2026-12-01T03:00:00Z',
      repeat_interval: '1w',
      tags: ['database'],
      tests: [check],
      timezone: 'Europe/London',
      // 2026-12-01 01:00 London is after NOW (2026-11-22 12:00Z).
      state: 'pending',
    });
  });

  it('refuses tests that name no uptime check of the account', async () => {
    const client = api.client();
    const answer = await client.post('/maintenance-windows', `${VALID.maintenanceWindow}&tests[]=9999999`);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(['tests']);
  });

  it('refuses a window that ends before it starts, also when an update moves one end', async () => {
    const client = api.client();
    const bad = await client.post(
      '/maintenance-windows',
      'name=W&start_at=2026-12-01T03%3A00%3A00Z&end_at=2026-12-01T01%3A00%3A00Z&tags[]=db&timezone=Europe%2FLondon',
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['end_at']);

    const id = await client.create('/maintenance-windows', VALID.maintenanceWindow);
    const moved = await client.put(`/maintenance-windows/${id}`, 'start_at=2026-12-01T04%3A00%3A00Z');
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.body.errors)).toEqual(['end_at']);
  });
});

describe('pagespeed checks', () => {
  it('creates, gets, lists, updates and deletes a pagespeed check', async () => {
    const client = api.client();
    const { before } = await lifecycle(client, '/pagespeed', `${VALID.pagespeed}&alert_slower=5000`, {
      body: 'check_rate=3600&alert_bigger=2048',
      changed: { check_rate: 3600, alert_bigger: 2048 },
    });
    expect(before).toMatchObject({
      name: 'Home page speed',
      website_url: 'https://www.example.com/',
      check_rate: 1800,
      alert_slower: 5000,
      paused: false,
    });
    // region is request-only (writeOnly in the API description): never returned, in get or list.
    expect(before).not.toHaveProperty('region');
  });

  it('assigns a monitoring location in the region asked for, and a new one when the region changes', async () => {
    const client = api.client();
    const id = await client.create('/pagespeed', VALID.pagespeed);
    // The API description's example: region UK is assigned location PAGESPD-UK2.
    expect((await client.read(`/pagespeed/${id}`)).location).toMatch(/^PAGESPD-UK\d+$/);
    expect((await client.list('/pagespeed')).data[0]).not.toHaveProperty('region');
    await client.update(`/pagespeed/${id}`, 'region=DE');
    expect((await client.read(`/pagespeed/${id}`)).location).toMatch(/^PAGESPD-DE\d+$/);
  });
});

describe('SSL checks', () => {
  it('creates, gets, lists, updates and deletes an SSL check', async () => {
    const client = api.client();
    const { before } = await lifecycle(client, '/ssl', VALID.ssl, {
      body: 'alert_at[]=14&alert_at[]=7&alert_at[]=2&alert_expiry=true',
      changed: { alert_at: [14, 7, 2], alert_expiry: true },
    });
    expect(before).toMatchObject({
      website_url: 'https://www.example.com',
      check_rate: 86400,
      alert_at: [30, 7, 1],
      hostname: 'www.example.com',
    });
    expect(Date.parse(before.valid_from)).toBeLessThan(Date.parse(before.valid_until));
  });
});

describe('uptime checks', () => {
  it('creates, gets, lists, updates and deletes an uptime check', async () => {
    const client = api.client();
    const { before } = await lifecycle(
      client,
      '/uptime',
      `${VALID.uptime}&tags[]=production&tags[]=web&regions[]=london&regions[]=paris&status_codes_csv=500%2C502%2C503&custom_header=%7B%22X-Env%22%3A%22prod%22%7D`,
      { body: 'timeout=30&find_string=Welcome', changed: { timeout: 30, find_string: 'Welcome' } },
    );
    expect(before).toMatchObject({
      name: 'Example home page',
      test_type: 'HTTP',
      website_url: 'https://www.example.com',
      check_rate: 1800,
      tags: ['production', 'web'],
      status_codes: ['500', '502', '503'],
      custom_header: '{"X-Env":"prod"}',
    });
    // The regions asked for are the servers it runs from.
    expect(new Set(before.servers.map((server: { region_code: string }) => server.region_code))).toEqual(
      new Set(['london', 'paris']),
    );
    // Request-only fields are never returned.
    for (const writeOnly of ['regions', 'status_codes_csv', 'basic_username', 'basic_password'])
      expect(before).not.toHaveProperty(writeOnly);
  });

  it('updates status codes and regions through their request-only fields', async () => {
    const client = api.client();
    const id = await client.create('/uptime', `${VALID.uptime}&status_codes_csv=500&regions[]=london`);
    await client.update(`/uptime/${id}`, 'status_codes_csv=502%2C504&regions[]=tokyo');
    const read = await client.read(`/uptime/${id}`);
    expect(read.status_codes).toEqual(['502', '504']);
    expect(read.servers.map((server: { region_code: string }) => server.region_code)).toEqual(['tokyo']);
  });

  it('answers get-one wrapped in data, and the list items with only the overview fields', async () => {
    const client = api.client();
    const id = await client.create('/uptime', VALID.uptime);
    const { data } = await client.list('/uptime');
    expect(data).toHaveLength(1);
    // SPEC.md section 3, uptime overview: exactly these fields.
    expect(Object.keys(data[0]).sort()).toEqual(
      [
        'id',
        'name',
        'website_url',
        'test_type',
        'check_rate',
        'contact_groups',
        'paused',
        'status',
        'tags',
        'uptime',
      ].sort(),
    );
    expect(data[0].id).toBe(id);
  });
});
