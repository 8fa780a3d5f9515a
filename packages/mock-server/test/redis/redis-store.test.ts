// Accounts in Redis (src/store/redis-store.ts), as a hosted sandbox runs them:
// a real redis-server started here, mock processes sharing it, real HTTP.
// Clocks are set by the tests (instance.mjs), so no assertion depends on the
// machine's speed; waits are generous polls.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Instance, type InstanceSettings, type RedisServer, startInstance, startRedis } from './harness.js';

let redis: RedisServer;
const running: Instance[] = [];
let prefixes = 0;

beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((instance) => instance.stop()));
});
afterAll(async () => {
  await redis?.dispose();
});

/** A key prefix no other test uses. */
const newPrefix = () => `test-${process.pid}-${++prefixes}:`;

/** Two (or `count`) mock processes on one Redis, under a prefix of their own unless given one. */
async function instances(count: number, settings: Partial<InstanceSettings> = {}): Promise<Instance[]> {
  const prefix = settings.prefix ?? newPrefix();
  const started = await Promise.all(
    Array.from({ length: count }, () => startInstance({ store: redis.url, prefix, ...settings })),
  );
  running.push(...started);
  return started;
}

const json = async <T>(response: Response) => (await response.json()) as T;
const newId = async (response: Response) => (await json<{ data: { new_id: string } }>(response)).data.new_id;
const group = (name: string) => `name=${encodeURIComponent(name)}&email_addresses[]=ops@example.com`;

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Not seen within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('one account served by many mock processes', () => {
  it('a record written on one instance is read, listed, updated and deleted on the other', async () => {
    const [a, b] = await instances(2);
    const created = await a!.call('POST', '/contact-groups', 'shared', group('Written on A'));
    expect(created.status).toBe(201);
    const id = await newId(created);

    const read = await b!.call('GET', `/contact-groups/${id}`, 'shared');
    expect(read.status).toBe(200);
    expect((await json<{ data: { name: string } }>(read)).data.name).toBe('Written on A');
    const listed = await json<{ data: { id: string }[] }>(await b!.call('GET', '/contact-groups?limit=100', 'shared'));
    expect(listed.data.map((g) => g.id)).toContain(id);

    expect((await b!.call('PUT', `/contact-groups/${id}`, 'shared', 'name=Renamed+on+B')).status).toBe(204);
    const renamed = await json<{ data: { name: string } }>(await a!.call('GET', `/contact-groups/${id}`, 'shared'));
    expect(renamed.data.name).toBe('Renamed on B');
    expect((await a!.call('DELETE', `/contact-groups/${id}`, 'shared')).status).toBe(204);
    expect((await b!.call('GET', `/contact-groups/${id}`, 'shared')).status).toBe(404);
    // Another token sees none of it.
    expect((await b!.call('GET', `/contact-groups/${id}`, 'other')).status).toBe(404);
  });

  it('counts the rate limits once across instances (5 a second, then 60 a minute)', async () => {
    // The start of a minute, near the real time (the windows' keys expire in real time).
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const [a, b] = await instances(2, { rateLimit: true, now: minute });
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await (i % 2 ? b! : a!).call('GET', '/contact-groups', 'limited');
      expect(answer.status).toBe(200);
      remaining.push(answer.headers.get('x-ratelimit-remaining')!);
    }
    // One window: each answer has one request fewer left, whichever instance gave it.
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    expect((await b!.call('GET', '/contact-groups', 'limited')).status).toBe(429);
    expect((await a!.call('GET', '/contact-groups', 'limited')).status).toBe(429);

    // Eleven more seconds of 5 requests each, alternating: 60 in the minute, then the per-minute 429.
    for (let second = 1; second <= 11; second++) {
      await Promise.all([a!.setClock(minute + second * 1000), b!.setClock(minute + second * 1000)]);
      for (let i = 0; i < 5; i++)
        expect((await (i % 2 ? a! : b!).call('GET', '/contact-groups', 'limited')).status).toBe(200);
    }
    await Promise.all([a!.setClock(minute + 12_000), b!.setClock(minute + 12_000)]);
    const refused = await a!.call('GET', '/contact-groups', 'limited');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toMatch(/^60,/);
    expect((await json<{ message: string }>(refused)).message).toMatch(/per minute/);
  });

  it('holds a token to its byte budget across instances: as many records fit as on one instance', async () => {
    const [a, b] = await instances(2, { seed: false });
    const body = `name=${'x'.repeat(200)}&email_addresses[]=ops@example.com`;
    const fill = async (token: string, via: Instance[]) => {
      for (let count = 0; ; count++) {
        const answer = await via[count % via.length]!.call('POST', '/contact-groups', token, body);
        if (answer.status === 409) return { count, message: (await json<{ message: string }>(answer)).message };
        expect(answer.status).toBe(201);
      }
    };
    const alone = await fill('budget-alone', [a!]);
    const shared = await fill('budget-shared', [a!, b!]);
    expect(alone.count).toBeGreaterThan(10);
    expect(shared.count).toBe(alone.count);
    expect(shared.message).toMatch(/at most 256 KiB of data per token/);
    // Full on both.
    expect((await b!.call('POST', '/contact-groups', 'budget-shared', body)).status).toBe(409);
  });

  it('holds the global byte cap across instances', async () => {
    const prefix = `test-${process.pid}-cap:`;
    const maxBytes = 64 * 1024;
    const [a, b] = await instances(2, { prefix, limits: { maxBytes } });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await (i % 2 ? b! : a!).call('GET', '/uptime', `cap-${i}`)).status);
    // Seeded accounts (about 16 KiB of JSON each) fill the cap, then every new token is refused, on both.
    const admitted = statuses.indexOf(429);
    expect(admitted).toBeGreaterThan(0);
    expect(statuses.slice(admitted).every((status) => status === 429)).toBe(true);
    const total = Number(await redis.client.get(`${prefix}bytes`));
    expect(total).toBeLessThanOrEqual(maxBytes);
    // What the cap counts is what Redis holds: the accounts' JSON.
    const keys = await redis.client.keys(`${prefix}account:*`);
    expect(keys).toHaveLength(admitted);
    let held = 0;
    for (const key of keys) held += Buffer.byteLength((await redis.client.hget(key, 'json'))!);
    expect(total).toBe(held);
    // A refused token gets a 429 with Retry-After in the API's shape; admitted ones still work.
    const refused = await a!.call('GET', '/uptime', 'cap-new');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(refused)).toEqual({ message: expect.stringMatching(/holds at most 64 KiB/), errors: {} });
    expect((await b!.call('GET', '/uptime', 'cap-0')).status).toBe(200);
  });

  it('a heartbeat ping received by the other instance reaches the check', async () => {
    const now = Date.now();
    const [a, b] = await instances(2, { now });
    const id = await newId(await a!.call('POST', '/heartbeat', 'pinger', 'name=Nightly+job&period=60'));
    const status = async () =>
      (await json<{ data: { url: string; status: string } }>(await a!.call('GET', `/heartbeat/${id}`, 'pinger'))).data;
    // Two minutes without a ping: down.
    await Promise.all([a!.setClock(now + 120_000), b!.setClock(now + 120_000)]);
    const { url, status: before } = await status();
    expect(before).toBe('down');
    const pingPath = new URL(url).pathname;
    expect(pingPath).toMatch(/^\/heartbeat\/[0-9a-f]{32}\//);
    // The ping goes to B, which never served this token; A sees the check up.
    expect((await fetch(`${new URL(b!.url).origin}${pingPath}`, { method: 'POST' })).status).toBe(200);
    expect((await status()).status).toBe('up');
    // A ping URL with an unknown key answers 404 on either instance.
    expect((await fetch(`${new URL(b!.url).origin}/heartbeat/${'0'.repeat(32)}/${id}`)).status).toBe(404);
  });
});

describe('nothing lost, idle accounts expire, outages reported', () => {
  it('kill -9 during 200 creates from 20 connections: every 201 is readable afterwards, no id twice', async () => {
    const prefix = newPrefix();
    const [a, b] = await instances(2, { prefix, seed: false });
    const exited = new Promise((resolve) => a!.process.once('exit', (_code, signal) => resolve(signal)));
    const acknowledged: { id: string; name: string }[] = [];
    let answered = 0;
    let killed = false;
    const connections = Array.from({ length: 20 }, async (_, connection) => {
      for (let i = 0; i < 10; i++) {
        const name = `c${connection}-${i}`;
        // To A until it is killed, then to B: as a load balancer fails over.
        let answer: Response | undefined;
        for (const target of killed ? [b!] : [a!, b!]) {
          answer = await target.call('POST', '/contact-groups', 'durable', group(name)).catch(() => undefined);
          if (answer) break;
        }
        if (++answered === 60) {
          killed = true;
          a!.process.kill('SIGKILL');
        }
        if (answer?.status === 201) acknowledged.push({ id: await newId(answer), name });
        else expect([undefined, 503]).toContain(answer?.status);
      }
    });
    await Promise.all(connections);
    expect(await exited).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThan(100);
    expect(new Set(acknowledged.map((g) => g.id)).size).toBe(acknowledged.length);

    // Every acknowledged create is there, on B and on a process started afterwards.
    const [c] = await instances(1, { prefix, seed: false });
    for (const reader of [b!, c!]) {
      const pages: { id: string; name: string }[][] = [];
      for (let page = 1, count = 1; page <= count; page++) {
        const listed = await json<{ data: { id: string; name: string }[]; metadata: { page_count: number } }>(
          await reader.call('GET', `/contact-groups?limit=100&page=${page}`, 'durable'),
        );
        pages.push(listed.data);
        count = listed.metadata.page_count;
      }
      const kept = new Map(pages.flat().map((g) => [g.id, g.name]));
      expect(kept.size).toBe(pages.flat().length);
      for (const { id, name } of acknowledged) expect(kept.get(id)).toBe(name);
    }
  });

  it('an idle account is removed by Redis when its TTL, counted on the mock clock, passes', async () => {
    const prefix = newPrefix();
    const week = 7 * 24 * 3600 * 1000;
    const now = Date.now();
    const [a, b] = await instances(2, { prefix, now, seed: false });
    const id = await newId(await a!.call('POST', '/contact-groups', 'idle', group('Kept a week')));
    const [account] = await redis.client.keys(`${prefix}account:*`);
    const [publicKey] = await redis.client.keys(`${prefix}key:*`);
    // Redis holds the expiry (the default, 7 days, from the mock's clock), for the ping URL's key too.
    expect(await redis.client.pexpiretime(account!)).toBe(now + week);
    expect(await redis.client.pexpiretime(publicKey!)).toBe(now + week);

    // Any request keeps the account alive: a read on B six days later moves the expiry on.
    await b!.setClock(now + 6 * 24 * 3600 * 1000);
    expect((await b!.call('GET', `/contact-groups/${id}`, 'idle')).status).toBe(200);
    expect(await redis.client.pexpiretime(account!)).toBe(now + 6 * 24 * 3600 * 1000 + week);

    // A request whose clock puts the expiry 3 s from now (real time); then no request at all until Redis removed it.
    await a!.setClock(Date.now() - week + 3000);
    expect((await a!.call('GET', `/contact-groups/${id}`, 'idle')).status).toBe(200);
    await eventually(
      async () => ((await redis.client.exists(account!, publicKey!)) === 0 ? true : undefined),
      'Redis removing the idle account',
    );
    // Neither instance answers from the copy it held: the account starts afresh.
    expect((await a!.call('GET', `/contact-groups/${id}`, 'idle')).status).toBe(404);
    expect((await b!.call('GET', `/contact-groups/${id}`, 'idle')).status).toBe(404);
    // And the global byte count no longer holds the expired account's bytes, only the fresh one's.
    const [fresh] = await redis.client.keys(`${prefix}account:*`);
    expect(Number(await redis.client.get(`${prefix}bytes`))).toBe(
      Buffer.byteLength((await redis.client.hget(fresh!, 'json'))!),
    );
  });

  // Last: it stops the shared redis-server.
  it('Redis stopped: 503 in the error shape with Retry-After, no crash; restarted: serving again by itself, data kept', async () => {
    const [a, b] = await instances(2, { seed: false });
    const id = await newId(await a!.call('POST', '/contact-groups', 'outage', group('Before the outage')));
    expect((await b!.call('GET', `/contact-groups/${id}`, 'outage')).status).toBe(200);

    await redis.stop();
    for (const instance of [a!, b!]) {
      for (const answer of [
        await instance.call('GET', `/contact-groups/${id}`, 'outage'),
        await instance.call('POST', '/contact-groups', 'outage', group('During the outage')),
        await fetch(`${new URL(instance.url).origin}/heartbeat/${'0'.repeat(32)}/${id}`),
      ]) {
        expect(answer.status).toBe(503);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await json(answer)).toEqual({ message: expect.stringMatching(/Redis/), errors: {} });
      }
      expect(instance.process.exitCode).toBeNull();
    }

    await redis.start();
    for (const instance of [a!, b!])
      await eventually(
        async () => ((await instance.call('GET', `/contact-groups/${id}`, 'outage')).status === 200 ? true : undefined),
        'service after Redis restarted',
      );
    const names = await json<{ data: { name: string }[] }>(await b!.call('GET', '/contact-groups', 'outage'));
    expect(names.data.map((g) => g.name)).toEqual(['Before the outage']);
  });
});
