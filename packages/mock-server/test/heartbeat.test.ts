// Heartbeat checks (SPEC.md sections 3 and 4, API-FACTS.md "Monitoring semantics"):
// a check is down when no ping reaches its `url` within `period` seconds of the
// last one (or of its creation); any request to `url` is a ping; last_tested_at
// is when the last ping arrived.
import { describe, expect, it } from 'vitest';
import { useApi, type Client } from './client.js';

const api = useApi({ seed: false });
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

async function created(client: Client, period: number) {
  const id = await client.create('/heartbeat', `name=Job&period=${period}`);
  return { id, url: (await client.read(`/heartbeat/${id}`)).url as string };
}

const status = async (client: Client, id: string) => (await client.read(`/heartbeat/${id}`)).status as string;

describe('heartbeat status', () => {
  it('is up when created, with no ping yet', async () => {
    const client = api.client();
    const { id } = await created(client, 300);
    const check = await client.read(`/heartbeat/${id}`);
    expect(check.status).toBe('up');
    expect(check).not.toHaveProperty('last_tested_at');
  });

  it('stays up for period seconds, and is down once they pass without a ping', async () => {
    const client = api.client();
    const { id } = await created(client, 300);
    api.mock.clock.advance(300_000);
    expect(await status(client, id)).toBe('up');
    api.mock.clock.advance(1_000);
    expect(await status(client, id)).toBe('down');
    // The list says the same.
    expect((await client.list('/heartbeat')).data.find((item: { id: string }) => item.id === id).status).toBe('down');
  });

  it('comes back up when its url is requested, and last_tested_at is the ping time', async () => {
    const client = api.client();
    const { id, url } = await created(client, 60);
    api.mock.clock.advance(10 * 60_000);
    expect(await status(client, id)).toBe('down');
    const pingAt = api.mock.clock.now();
    // A ping carries no API token: the URL identifies the check.
    const ping = await fetch(url);
    expect(ping.status).toBe(200);
    const check = await client.read(`/heartbeat/${id}`);
    expect(check.status).toBe('up');
    expect(check.last_tested_at).toBe(iso(pingAt));
  });

  it('counts period from the last ping: down again once a period passes without another', async () => {
    const client = api.client();
    const { id, url } = await created(client, 120);
    api.mock.clock.advance(100_000);
    await fetch(url);
    // 220 s after creation, 120 s after the ping: still within the period.
    api.mock.clock.advance(120_000);
    expect(await status(client, id)).toBe('up');
    api.mock.clock.advance(1_000);
    expect(await status(client, id)).toBe('down');
  });

  it('takes pings with any HTTP method', async () => {
    const client = api.client();
    const { id, url } = await created(client, 30);
    for (const method of ['POST', 'PUT', 'HEAD', 'GET', 'DELETE']) {
      api.mock.clock.advance(31_000);
      expect(await status(client, id), method).toBe('down');
      const pingAt = api.mock.clock.now();
      expect((await fetch(url, { method })).ok, method).toBe(true);
      const check = await client.read(`/heartbeat/${id}`);
      expect(check.status, method).toBe('up');
      expect(check.last_tested_at).toBe(iso(pingAt));
    }
    // A ping is not a change of the check: it stays there.
    expect((await client.get(`/heartbeat/${id}`)).status).toBe(200);
  });

  it('follows a changed period', async () => {
    const client = api.client();
    const { id } = await created(client, 60);
    api.mock.clock.advance(90_000);
    expect(await status(client, id)).toBe('down');
    await client.update(`/heartbeat/${id}`, 'period=3600');
    expect(await status(client, id)).toBe('up');
  });

  it('has a ping url on the mock itself, which stops answering once the check is deleted', async () => {
    const client = api.client();
    const { id, url } = await created(client, 60);
    expect(new URL(url).origin).toBe(new URL(api.mock.url).origin);
    expect((await fetch(url)).status).toBe(200);
    await client.delete(`/heartbeat/${id}`);
    const gone = await fetch(url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: expect.any(String), errors: {} });
  });

  it('gives each check its own ping url: pinging one leaves the other down', async () => {
    const client = api.client();
    const first = await created(client, 60);
    const second = await created(client, 60);
    expect(first.url).not.toBe(second.url);
    api.mock.clock.advance(61_000);
    await fetch(first.url);
    expect(await status(client, first.id)).toBe('up');
    expect(await status(client, second.id)).toBe('down');
  });
});
