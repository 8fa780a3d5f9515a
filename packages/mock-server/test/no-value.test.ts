// One convention for "no value" (the spec's info.description): a field with
// no value is left out of the answer, never null and never "". Checked on
// every record and list of a seeded account, then field by field: a check
// that has not run, a pagespeed result with no issue, optional text never set
// or cleared with an empty value.
import { describe, expect, it } from 'vitest';
import { VALID, useApi, type Client, type Json } from './client.js';

const api = useApi();

/** Where `value` holds null or an empty string, as JSON paths. */
function emptyValues(value: unknown, at = '$', out: string[] = []): string[] {
  if (value === null || value === '') out.push(at);
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) emptyValues(item, `${at}[${i}]`, out);
  else if (typeof value === 'object')
    for (const [key, item] of Object.entries(value)) emptyValues(item, `${at}.${key}`, out);
  return out;
}

const LISTS = ['/contact-groups', '/heartbeat', '/maintenance-windows', '/pagespeed', '/ssl', '/uptime'];

describe('a field with no value is left out', () => {
  it('in every list and record of a seeded account: no null, no ""', async () => {
    const client = api.client();
    let records = 0;
    for (const list of LISTS) {
      const page = await client.list(`${list}?limit=100`);
      expect(emptyValues(page.data), list).toEqual([]);
      for (const item of page.data) {
        const record = await client.read(`${list}/${item.id}`);
        expect(emptyValues(record), `${list}/${item.id}`).toEqual([]);
        records++;
      }
    }
    expect(records).toBeGreaterThan(LISTS.length);
  });

  it('last_tested_at before an uptime check first runs, then present', async () => {
    const client = api.client();
    const id = await client.create('/uptime', VALID.uptime);
    const before = await client.read(`/uptime/${id}`);
    expect(before).not.toHaveProperty('last_tested_at');
    expect(before).not.toHaveProperty('processing_on');
    api.mock.clock.advance(1800 * 1000);
    expect((await client.read(`/uptime/${id}`)).last_tested_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('optional fields never set are absent; a set one is there; an empty value clears it', async () => {
    const client: Client = api.client();
    const id = await client.create('/uptime', VALID.uptime);
    const fresh: Json = await client.read(`/uptime/${id}`);
    for (const field of [
      'custom_header',
      'dns_server',
      'final_endpoint',
      'find_string',
      'host',
      'port',
      'post_body',
      'post_raw',
      'user_agent',
    ])
      expect(fresh, field).not.toHaveProperty(field);
    // Lists stay: an empty list is a value.
    expect(fresh).toMatchObject({ tags: [], dns_ips: [], contact_groups: [] });

    await client.update(`/uptime/${id}`, 'custom_header=%7B%22X-Env%22%3A%22prod%22%7D&find_string=Welcome');
    expect(await client.read(`/uptime/${id}`)).toMatchObject({
      custom_header: '{"X-Env":"prod"}',
      find_string: 'Welcome',
    });
    await client.update(`/uptime/${id}`, 'custom_header=&find_string=');
    const cleared = await client.read(`/uptime/${id}`);
    expect(cleared).not.toHaveProperty('custom_header');
    expect(cleared).not.toHaveProperty('find_string');

    const created = await client.create('/uptime', `${VALID.uptime}&user_agent=&host=`);
    const sentEmpty = await client.read(`/uptime/${created}`);
    expect(sentEmpty).not.toHaveProperty('user_agent');
    expect(sentEmpty).not.toHaveProperty('host');
  });

  it('heartbeat host and last_tested_at, SSL user_agent (hostname always set), contact group ping_url', async () => {
    const client = api.client();
    const beat = await client.read(`/heartbeat/${await client.create('/heartbeat', VALID.heartbeat)}`);
    expect(beat).not.toHaveProperty('host');
    expect(beat).not.toHaveProperty('last_tested_at');
    const sslId = await client.create('/ssl', `${VALID.ssl}&hostname=cert.example.com`);
    expect(await client.read(`/ssl/${sslId}`)).toMatchObject({ hostname: 'cert.example.com' });
    expect(await client.read(`/ssl/${sslId}`)).not.toHaveProperty('user_agent');
    // hostname always has a value: sent empty, it is the URL's host again.
    await client.update(`/ssl/${sslId}`, 'hostname=');
    expect((await client.read(`/ssl/${sslId}`)).hostname).toBe('www.example.com');
    const group = await client.read(`/contact-groups/${await client.create('/contact-groups', 'name=Ops')}`);
    expect(group).not.toHaveProperty('ping_url');
  });

  it('latest_stats.latest_issue only when the last measurement found one', async () => {
    const client = api.client();
    // Many checks and hours of measurements: some with an issue, most without
    // (ids and times are deterministic, so which ones is the same on every run).
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        await client.create(
          '/pagespeed',
          VALID.pagespeed.replace('name=', `name=${i}`).replace('check_rate=1800', 'check_rate=60'),
        ),
      );
    const seen = { issue: 0, none: 0 };
    for (let read = 0; read < 12; read++) {
      api.mock.clock.advance(37 * 60_000);
      for (const id of ids) {
        const { latest_stats: stats } = await client.read(`/pagespeed/${id}`);
        if (stats.has_issue) {
          expect(stats.latest_issue).toEqual(expect.any(String));
          seen.issue++;
        } else {
          expect(stats).not.toHaveProperty('latest_issue');
          seen.none++;
        }
      }
    }
    expect(seen.none).toBeGreaterThan(0);
    expect(seen.issue).toBeGreaterThan(0);
  });
});
