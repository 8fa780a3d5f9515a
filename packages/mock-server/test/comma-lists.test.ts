// Arrays go on the wire one pair per value (`tags[]=a&tags[]=b`). Clients that
// join them with commas (`tags=a,b`, as the provider's generated clients do) used
// to get `["a,b"]` stored: one tag that the comma-separated list filter can never
// match. In strict wire mode (here; by default the bare key's commas separate
// items: official-clients.test.ts), a comma inside one item of tags,
// integrations and dns_ips is refused (the spec's item pattern), and every array
// field's message for such an item shows the bracket form with the values sent.
import { describe, expect, it } from 'vitest';
import { VALID, useApi, type Answer } from './client.js';

const api = useApi({ seed: false, strictWire: true });

/** 400 naming `field`, with a message for `label` that shows `send <pairs>`. */
function expectBracketHint(answer: Answer, field: string, label: string, pairs: string) {
  expect(answer.status, answer.text).toBe(400);
  const messages: string[] = answer.body.errors[field] ?? [];
  const message = messages.find((m) => m.startsWith(`${label} `));
  expect(message, `a message for ${label}: ${answer.text}`).toBeDefined();
  expect(message).toContain('not comma-joined');
  expect(message).toContain(`send ${pairs}`);
}

describe('a comma inside one item of an array', () => {
  it('tags, sent comma-joined with or without brackets, are refused with the bracket form', async () => {
    const client = api.client();
    for (const sent of ['tags=web,eu', 'tags[]=web,eu', 'tags[]=db&tags[]=web,eu'])
      expectBracketHint(
        await client.post('/uptime', `${VALID.uptime}&${sent}`),
        'tags',
        sent.startsWith('tags[]=db') ? 'tags[1]' : 'tags[0]',
        'tags[]=web&tags[]=eu',
      );
    expectBracketHint(
      await client.post('/heartbeat', `${VALID.heartbeat}&tags=a,b`),
      'tags',
      'tags[0]',
      'tags[]=a&tags[]=b',
    );
    expectBracketHint(
      await client.post('/maintenance-windows', VALID.maintenanceWindow.replace('tags[]=database', 'tags=db,web')),
      'tags',
      'tags[0]',
      'tags[]=db&tags[]=web',
    );
    const id = await client.create('/uptime', VALID.uptime);
    expectBracketHint(await client.put(`/uptime/${id}`, 'tags=a,b'), 'tags', 'tags[0]', 'tags[]=a&tags[]=b');
  });

  it('integrations and dns_ips too', async () => {
    const client = api.client();
    expectBracketHint(
      await client.post('/contact-groups', 'name=Ops&integrations=7890,7891'),
      'integrations',
      'integrations[0]',
      'integrations[]=7890&integrations[]=7891',
    );
    expectBracketHint(
      await client.post('/uptime', `${VALID.uptime}&dns_ips=203.0.113.7,203.0.113.8`),
      'dns_ips',
      'dns_ips[0]',
      'dns_ips[]=203.0.113.7&dns_ips[]=203.0.113.8',
    );
  });

  it('the other array fields say the same where a comma is the fault', async () => {
    const client = api.client();
    expectBracketHint(
      await client.post('/contact-groups', 'name=Ops&email_addresses=a%40example.com,b%40example.com'),
      'email_addresses',
      'email_addresses[0]',
      'email_addresses[]=a@example.com&email_addresses[]=b@example.com',
    );
    expectBracketHint(
      await client.post('/contact-groups', 'name=Ops&mobile_numbers=447712345678,447712345679'),
      'mobile_numbers',
      'mobile_numbers[0]',
      'mobile_numbers[]=447712345678&mobile_numbers[]=447712345679',
    );
    expectBracketHint(
      await client.post('/ssl', VALID.ssl.replace('alert_at[]=30&alert_at[]=7&alert_at[]=1', 'alert_at=30,7,1')),
      'alert_at',
      'alert_at[0]',
      'alert_at[]=30&alert_at[]=7&alert_at[]=1',
    );
    expectBracketHint(
      await client.post('/uptime', `${VALID.uptime}&regions=london,paris`),
      'regions',
      'regions[0]',
      'regions[]=london&regions[]=paris',
    );
    const group = await client.create('/contact-groups', 'name=Ops');
    const other = await client.create('/contact-groups', 'name=Others');
    expectBracketHint(
      await client.post('/heartbeat', `${VALID.heartbeat}&contact_groups=${group},${other}`),
      'contact_groups',
      'contact_groups[0]',
      `contact_groups[]=${group}&contact_groups[]=${other}`,
    );
    const check = await client.create('/uptime', VALID.uptime);
    expectBracketHint(
      await client.post('/maintenance-windows', `${VALID.maintenanceWindow}&tests=${check},${check}`),
      'tests',
      'tests[0]',
      `tests[]=${check}&tests[]=${check}`,
    );
  });

  it('so every stored tag can be matched by the comma-separated list filter', async () => {
    const client = api.client();
    const id = await client.create('/uptime', `${VALID.uptime}&tags[]=web&tags[]=eu`);
    const found = await client.list('/uptime?tags=web,eu');
    expect(found.data.map((check: { id: string }) => check.id)).toEqual([id]);
  });
});
