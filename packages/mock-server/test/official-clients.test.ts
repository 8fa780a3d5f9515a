// What the provider's own clients put on the wire (README, "What the official
// clients send"), sent as they send it, over HTTP: the generated Python, Ruby
// and JavaScript clients join arrays with commas under the bare key and
// URL-encode them (`tags=production%2Cweb%2Ceu`); Python writes booleans as
// `True`/`False`; Ruby writes times as `2027-01-03 02:00:00 UTC`. By default
// the mock reads the first two as the API does and refuses the third, naming
// the form expected; with `strictWire` it accepts only the documented forms.
import { describe, expect, it } from 'vitest';
import { VALID, useApi, type Answer } from './client.js';

const api = useApi({ seed: false });
const strict = useApi({ seed: false, strictWire: true });

/** A form body as the generated clients encode one (application/x-www-form-urlencoded, commas escaped). */
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function expectRefused(answer: Answer, field: string, pattern: RegExp) {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body.errors[field], answer.text).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
}

describe('arrays joined with commas under the bare key', () => {
  it('tags, regions and dns_ips on an uptime check are read as lists, escaped or not', async () => {
    const client = api.client();
    const id = await client.create(
      '/uptime',
      `${VALID.uptime}&${form({ tags: 'production,web,eu', regions: 'london,paris' })}`,
    );
    const check = await client.read(`/uptime/${id}`);
    expect(check.tags).toEqual(['production', 'web', 'eu']);
    expect(new Set(check.servers.map((server: { region_code: string }) => server.region_code))).toEqual(
      new Set(['london', 'paris']),
    );
    const dns = await client.create(
      '/uptime',
      'name=DNS&test_type=DNS&website_url=example.com&check_rate=300&dns_ips=203.0.113.7,203.0.113.8',
    );
    expect((await client.read(`/uptime/${dns}`)).dns_ips).toEqual(['203.0.113.7', '203.0.113.8']);
  });

  it('an SSL check takes alert_at=1,7,30 (exactly three values), which no bracket-less client could send before', async () => {
    const client = api.client();
    const id = await client.create(
      '/ssl',
      form({ website_url: 'https://www.example.com', check_rate: '86400', alert_at: '1,7,30' }),
    );
    expect((await client.read(`/ssl/${id}`)).alert_at).toEqual([1, 7, 30]);
    // Still three values: two comma-joined are two.
    expectRefused(
      await client.post('/ssl', form({ website_url: 'https://a.example.com', check_rate: '86400', alert_at: '1,7' })),
      'alert_at',
      /exactly 3 values/,
    );
  });

  it('contact_groups=1,2 names two groups, each checked to exist', async () => {
    const client = api.client();
    const first = await client.create('/contact-groups', 'name=Ops');
    const second = await client.create('/contact-groups', 'name=Web');
    const id = await client.create(
      '/heartbeat',
      `${VALID.heartbeat}&${form({ contact_groups: `${first},${second}` })}`,
    );
    expect((await client.read(`/heartbeat/${id}`)).contact_groups).toEqual([first, second]);
    expectRefused(
      await client.post('/heartbeat', `${VALID.heartbeat}&${form({ contact_groups: `${first},404404` })}`),
      'contact_groups',
      /no contact group has the id 404404/,
    );
  });

  it('an empty list, `tags=`, empties the field on update', async () => {
    const client = api.client();
    const id = await client.create('/uptime', `${VALID.uptime}&${form({ tags: 'web,eu' })}`);
    await client.update(`/uptime/${id}`, form({ tags: '' }));
    expect((await client.read(`/uptime/${id}`)).tags).toEqual([]);
  });

  it('the bracket form still holds one value per pair: a comma inside tags[] is refused, naming the pairs to send', async () => {
    const answer = await api.client().post('/uptime', `${VALID.uptime}&tags[]=web,eu`);
    expectRefused(answer, 'tags', /not comma-joined; send tags\[\]=web&tags\[\]=eu/);
  });

  it('comma-joined tags are matched by the comma-separated list filter', async () => {
    const client = api.client();
    const id = await client.create('/uptime', `${VALID.uptime}&${form({ tags: 'web,eu' })}`);
    await client.create('/uptime', `${VALID.uptime}&tags[]=web`);
    const found = await client.list('/uptime?tags=web,eu');
    expect(found.data.map((check: { id: string }) => check.id)).toEqual([id]);
  });
});

describe('booleans as True and False', () => {
  it('True, False and other cases of true and false are read as booleans', async () => {
    const client = api.client();
    const id = await client.create(
      '/uptime',
      `${VALID.uptime}&${form({ paused: 'True', follow_redirects: 'TRUE', use_jar: 'False' })}`,
    );
    const check = await client.read(`/uptime/${id}`);
    expect([check.paused, check.follow_redirects, check.use_jar]).toEqual([true, true, false]);
    await client.update(`/uptime/${id}`, form({ paused: 'False' }));
    expect((await client.read(`/uptime/${id}`)).paused).toBe(false);
  });

  it('anything else is still no boolean', async () => {
    for (const value of ['yes', '1', 'Truth'])
      expectRefused(
        await api.client().post('/uptime', `${VALID.uptime}&${form({ paused: value })}`),
        'paused',
        /^paused must be true or false$/,
      );
  });
});

describe("Ruby's Time#to_s dates", () => {
  const window = (startAt: string) =>
    form({ name: 'Upgrade', start_at: startAt, end_at: '2027-01-03T04:00:00Z', timezone: 'UTC', 'tags[]': 'db' });

  it('are refused in every mode, with the same instant in the form expected', async () => {
    for (const client of [api.client(), strict.client()]) {
      expectRefused(
        await client.post('/maintenance-windows', window('2027-01-03 02:00:00 UTC')),
        'start_at',
        /^start_at is not an RFC 3339 date-time: "2027-01-03 02:00:00 UTC" is not RFC 3339, the form expected is 2027-01-03T02:00:00Z$/,
      );
      expectRefused(
        await client.post('/maintenance-windows', window('2027-01-03 02:00:00 +0100')),
        'start_at',
        /the form expected is 2027-01-03T02:00:00\+01:00$/,
      );
    }
  });

  it('a date the form cannot read is refused with the general sentence', async () => {
    expectRefused(
      await api.client().post('/maintenance-windows', window('tomorrow')),
      'start_at',
      /^start_at is not an RFC 3339 date-time such as /,
    );
  });
});

describe('strict wire mode', () => {
  it('refuses comma-joined arrays with the bracket form to send', async () => {
    const client = strict.client();
    expectRefused(
      await client.post('/uptime', `${VALID.uptime}&${form({ tags: 'production,web' })}`),
      'tags',
      /not comma-joined; send tags\[\]=production&tags\[\]=web/,
    );
    expectRefused(
      await client.post(
        '/ssl',
        form({ website_url: 'https://www.example.com', check_rate: '86400', alert_at: '1,7,30' }),
      ),
      'alert_at',
      /send alert_at\[\]=1&alert_at\[\]=7&alert_at\[\]=30/,
    );
  });

  it('refuses True and False', async () => {
    expectRefused(
      await strict.client().post('/uptime', `${VALID.uptime}&paused=True`),
      'paused',
      /^paused must be true or false$/,
    );
  });

  it('takes the documented forms', async () => {
    const client = strict.client();
    const id = await client.create('/uptime', `${VALID.uptime}&tags[]=web&tags[]=eu&paused=true`);
    const check = await client.read(`/uptime/${id}`);
    expect([check.tags, check.paused]).toEqual([['web', 'eu'], true]);
  });

  it('is switched per pipeline, for the next request (the sandbox controls do so)', async () => {
    const client = api.client();
    const body = `${VALID.uptime}&${form({ tags: 'web,eu' })}`;
    api.mock.running.api.strictWire = true;
    try {
      expect((await client.post('/uptime', body)).status).toBe(400);
    } finally {
      api.mock.running.api.strictWire = false;
    }
    expect((await client.post('/uptime', body)).status).toBe(201);
  });
});
