// Retries and throttling, driven by the mock's real rate limiting (a frozen
// clock that only the client's injected sleep moves) and by a stub in front
// of the mock that answers 503, drops connections or refuses them.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimitError, createClient, type ClientOptions } from '../src/index.js';
import { backoffDelay } from '../src/retry.js';
import { sleep } from '../src/timing.js';
import { freshToken, recordingSleep, startMock, type TestMock } from './support/mock.js';
import { closedPort, startStub, type Action, type Stub } from './support/stub-server.js';

const limited: TestMock = await startMock({ rateLimit: true });
const open: TestMock = await startMock();
afterAll(() => Promise.all([limited.close(), open.close()]));

const stubs: Stub[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()));
});
async function stub(plan: (n: number) => Action, target = open.url, port?: number): Promise<Stub> {
  const started = await startStub(plan, target, port);
  stubs.push(started);
  return started;
}

/** Statuses the client saw, attempt by attempt. */
function watched(options: ClientOptions): { statuses: number[]; options: ClientOptions } {
  const statuses: number[] = [];
  return { statuses, options: { ...options, onResponse: (response) => void statuses.push(response.status) } };
}

const count = async (mock: TestMock, token: string, path: string) =>
  (await mock.raw<{ metadata: { total_count: number } }>(token, `${path}?limit=1`)).metadata.total_count;

describe('rate limits of the real mock', () => {
  it('waits x-ratelimit-reset after a burst 429 and then succeeds', async () => {
    const { delays, sleep } = recordingSleep(limited.clock);
    const { statuses, options } = watched({ token: freshToken(), baseUrl: limited.url, sleep });
    const api = createClient(options);
    // The burst limit is 5 a second and the clock stands still: the sixth call hits it.
    for (let i = 0; i < 6; i++) await api.contactGroups.list();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 200]);
    // The clock sits on a second boundary, so the window resets in one second.
    expect(delays).toEqual([1000]);
  });

  it('honours a long reset on the per-minute limit instead of its own 1 s backoff, and rps keeps it under the burst', async () => {
    const { delays, sleep } = recordingSleep(limited.clock);
    limited.clock.set(Math.ceil(limited.clock.now() / 60_000) * 60_000); // start of a fresh minute
    const { statuses, options } = watched({
      token: freshToken(),
      baseUrl: limited.url,
      sleep,
      clock: limited.clock,
      rps: 5,
    });
    const api = createClient(options);
    for (let i = 0; i < 61; i++) await api.ssl.list();

    // rps 5 spaces requests 200 ms apart: never more than 5 in a second, so no burst 429.
    // The 61st request of the minute (free plan: 60/min) is refused 60 x 200 ms = 12 s into it,
    // and the window resets 48 s later.
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(statuses.indexOf(429)).toBe(60);
    expect(delays.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(delays.slice(60)).toEqual([48_000]);
    expect(statuses.at(-1)).toBe(200);
  });

  it('retries a POST refused with 429: the API did nothing, so no duplicate', async () => {
    const { sleep } = recordingSleep(limited.clock);
    const token = freshToken();
    const { statuses, options } = watched({ token, baseUrl: limited.url, sleep });
    const api = createClient(options);
    const before = (await api.heartbeat.list()).metadata.total_count;
    for (let i = 0; i < 4; i++) await api.heartbeat.list();
    // Sixth request in the same frozen second: the POST is refused, waits, and is sent again.
    const id = await api.heartbeat.create({ name: 'After the burst', period: 300 });
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 201]);
    const after = await api.heartbeat.list({ limit: 100 });
    expect(after.metadata.total_count).toBe(before + 1);
    expect(after.data.map((item) => item.id)).toContain(id);
  });

  it('gives up after maxRetries with a RateLimitError carrying the reset', async () => {
    const api = createClient({ token: freshToken(), baseUrl: limited.url, maxRetries: 2, sleep: async () => {} });
    for (let i = 0; i < 5; i++) await api.pagespeed.list();
    const error = await api.pagespeed.list().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'RateLimitError', status: 429, resetSeconds: 1 });
  });
});

describe('5xx answers', () => {
  it('retries a GET after a 503 with the constant 1 s default, ignoring x-ratelimit-reset on a 5xx', async () => {
    const proxy = await stub((n) => (n === 0 ? { status: 503, headers: { 'x-ratelimit-reset': '7' } } : 'forward'));
    const { delays, sleep } = recordingSleep(open.clock);
    const page = await createClient({ token: freshToken(), baseUrl: proxy.url, sleep }).uptime.list();
    expect(page.data.length).toBeGreaterThan(0);
    expect(proxy.seen.map((request) => request.method)).toEqual(['GET', 'GET']);
    expect(delays).toEqual([1000]);
  });

  it('waits what Retry-After asks for', async () => {
    const proxy = await stub((n) => (n === 0 ? { status: 503, headers: { 'retry-after': '2' } } : 'forward'));
    const { delays, sleep } = recordingSleep(open.clock);
    await createClient({ token: freshToken(), baseUrl: proxy.url, sleep }).ssl.list();
    expect(delays).toEqual([2000]);
    expect(proxy.seen).toHaveLength(2);
  });

  it('retries a PUT and a DELETE after a 503', async () => {
    const token = freshToken();
    const id = await createClient({ token, baseUrl: open.url }).contactGroups.create({ name: 'Retry me' });
    const proxy = await stub((n) => (n % 2 === 0 ? { status: 503 } : 'forward'));
    const api = createClient({ token, baseUrl: proxy.url, sleep: async () => {} });
    await api.contactGroups.update(id, { name: 'Retried' });
    await api.contactGroups.delete(id);
    expect(proxy.seen.map((request) => request.method)).toEqual(['PUT', 'PUT', 'DELETE', 'DELETE']);
    const left = await open.raw<{ data: { id: string }[] }>(token, '/contact-groups?limit=100');
    expect(left.data.map((group) => group.id)).not.toContain(id);
  });

  it('never retries a POST after a 5xx: the server may have created it (and here did)', async () => {
    const token = freshToken();
    const before = await count(open, token, '/uptime');
    const proxy = await stub(() => 'forward-then-503');
    const { delays, sleep } = recordingSleep(open.clock);
    const api = createClient({ token, baseUrl: proxy.url, sleep });
    const error = await api.uptime
      .create({ name: 'Once', test_type: 'HTTP', website_url: 'https://once.example.com', check_rate: 300 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'APIError', status: 503 });
    expect(proxy.seen).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(await count(open, token, '/uptime')).toBe(before + 1);
  });

  it('stops after maxRetries (default 3) and throws the last answer', async () => {
    const proxy = await stub(() => ({
      status: 502,
      body: '<html>Bad gateway</html>',
      headers: { 'content-type': 'text/html' },
    }));
    const error = await createClient({ token: freshToken(), baseUrl: proxy.url, sleep: async () => {} })
      .heartbeat.list()
      .catch((caught: unknown) => caught);
    expect(proxy.seen).toHaveLength(4);
    // Not the API's JSON shape: the status text stands in for the message.
    expect(error).toMatchObject({ name: 'APIError', status: 502, errors: {}, body: undefined });
    expect((error as Error).message).toContain('Bad Gateway');
  });

  it('does not retry at all with retry: false', async () => {
    const proxy = await stub(() => ({ status: 503 }));
    await expect(
      createClient({ token: freshToken(), baseUrl: proxy.url, retry: false }).ssl.list(),
    ).rejects.toMatchObject({ status: 503 });
    expect(proxy.seen).toHaveLength(1);
  });

  it('takes maxRetries per call', async () => {
    const proxy = await stub(() => ({ status: 500 }));
    const api = createClient({ token: freshToken(), baseUrl: proxy.url, sleep: async () => {} });
    await expect(api.ssl.list(undefined, { maxRetries: 1 })).rejects.toMatchObject({ status: 500 });
    expect(proxy.seen).toHaveLength(2);
  });
});

describe('server-asked delays past maxRetryAfterMs (default 60 s)', () => {
  it('Retry-After: 2147484 s (past what setTimeout holds) fails at once with the asked delay, no retry', async () => {
    const proxy = await stub(() => ({ status: 429, headers: { 'retry-after': '2147484', 'x-ratelimit-reset': '1' } }));
    const { delays, sleep } = recordingSleep(open.clock);
    const error = await createClient({ token: freshToken(), baseUrl: proxy.url, sleep })
      .uptime.list()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 2_147_484_000 });
    expect((error as Error).message).toContain(
      'the server asked to wait 2147484 s, more than maxRetryAfterMs (60000 ms)',
    );
    expect(proxy.seen).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('a day (Retry-After: 86400, or as an HTTP date) is not waited by default; a larger cap waits it', async () => {
    // On a second boundary: an HTTP date has no milliseconds.
    open.clock.set(Math.ceil(open.clock.now() / 1000) * 1000);
    const tomorrow = () => new Date(open.clock.now() + 86_400_000).toUTCString();
    for (const retryAfter of [() => '86400', tomorrow]) {
      const asked = retryAfter();
      const proxy = await stub((n) => (n < 2 ? { status: 429, headers: { 'retry-after': asked } } : 'forward'));
      const { delays, sleep } = recordingSleep(open.clock);
      const options = { token: freshToken(), baseUrl: proxy.url, sleep, clock: open.clock };
      const error = await createClient(options)
        .ssl.list()
        .catch((caught: unknown) => caught);
      expect(error, asked).toMatchObject({ name: 'RateLimitError', retryAfterMs: 86_400_000 });
      expect(delays).toEqual([]);
      // Allowed to wait two days, the client waits the day and the retry succeeds.
      const page = await createClient({ ...options, maxRetryAfterMs: 2 * 86_400_000 }).ssl.list();
      expect(page.data).toEqual(expect.any(Array));
      expect(delays).toEqual([86_400_000]);
    }
  });

  it('up to the cap the delay is waited; the cap is per call too', async () => {
    const proxy = await stub((n) => (n % 2 === 0 ? { status: 429, headers: { 'retry-after': '60' } } : 'forward'));
    const { delays, sleep } = recordingSleep(open.clock);
    const api = createClient({ token: freshToken(), baseUrl: proxy.url, sleep });
    await api.heartbeat.list();
    expect(delays).toEqual([60_000]);
    await expect(api.heartbeat.list(undefined, { maxRetryAfterMs: 59_999 })).rejects.toMatchObject({
      retryAfterMs: 60_000,
    });
    expect(proxy.seen).toHaveLength(3);
  });

  it('a 503 asking for an hour fails at once as the APIError it is, with the asked delay', async () => {
    const proxy = await stub(() => ({ status: 503, headers: { 'retry-after': '3600' } }));
    const { delays, sleep } = recordingSleep(open.clock);
    const error = await createClient({ token: freshToken(), baseUrl: proxy.url, sleep })
      .uptime.list()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'APIError', status: 503, retryAfterMs: 3_600_000 });
    expect(proxy.seen).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('an AbortSignal ends the wait for a server-asked delay (the default sleep)', async () => {
    const proxy = await stub(() => ({ status: 429, headers: { 'retry-after': '30' } }));
    const controller = new AbortController();
    let asked: number | undefined;
    const api = createClient({
      token: freshToken(),
      baseUrl: proxy.url,
      // The real sleep, aborted as soon as the wait has begun: no time passes.
      sleep: (ms, signal) => {
        asked = ms;
        const waiting = sleep(ms, signal);
        controller.abort(new Error('stop waiting'));
        return waiting;
      },
    });
    await expect(api.uptime.list(undefined, { signal: controller.signal })).rejects.toThrow('stop waiting');
    expect(asked).toBe(30_000);
    expect(proxy.seen).toHaveLength(1);
  });
});

describe('connections that fail', () => {
  it('retries a GET whose connection was dropped', async () => {
    const proxy = await stub((n) => (n === 0 ? 'drop' : 'forward'));
    const { delays, sleep } = recordingSleep(open.clock);
    const groups = await createClient({ token: freshToken(), baseUrl: proxy.url, sleep }).contactGroups.list();
    expect(groups.data.length).toBeGreaterThan(0);
    expect(proxy.seen).toHaveLength(2);
    expect(delays).toEqual([1000]);
  });

  it('does not retry a POST whose connection dropped after it was sent', async () => {
    const proxy = await stub(() => 'drop');
    const error = await createClient({ token: freshToken(), baseUrl: proxy.url, sleep: async () => {} })
      .heartbeat.create({ name: 'Maybe created', period: 300 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ConnectionError', beforeSend: false });
    expect(proxy.seen.map((request) => request.body)).toEqual(['name=Maybe%20created&period=300']);
  });

  it('retries a POST whose connection was refused (it never left), once something listens', async () => {
    const port = await closedPort();
    const token = freshToken();
    const before = await count(open, token, '/heartbeat');
    let proxy: Stub | undefined;
    const delays: number[] = [];
    const api = createClient({
      token,
      baseUrl: `http://127.0.0.1:${port}/v1`,
      // The wait before the retry is when the server comes up on that port.
      sleep: async (ms) => {
        delays.push(ms);
        proxy ??= await stub(() => 'forward', open.url, port);
      },
    });
    const id = await api.heartbeat.create({ name: 'Created once', period: 300 });
    expect(delays).toEqual([1000]);
    expect(proxy!.seen.map((request) => request.method)).toEqual(['POST']);
    expect(await count(open, token, '/heartbeat')).toBe(before + 1);
    expect(typeof id).toBe('string');
  });
});

describe('backoff strategies', () => {
  const sequence = (options: ClientOptions['retry'], attempts: number, random = () => 0.5) =>
    Array.from({ length: attempts }, (_, attempt) =>
      backoffDelay(options || { strategy: 'constant' }, attempt, random),
    );

  it('constant: 1 s by default, or the delay given', () => {
    expect(sequence({ strategy: 'constant' }, 3)).toEqual([1000, 1000, 1000]);
    expect(sequence({ strategy: 'constant', delayMs: 250 }, 2)).toEqual([250, 250]);
  });

  it('linear: base x (attempt + 1), capped', () => {
    expect(sequence({ strategy: 'linear' }, 4)).toEqual([1000, 2000, 3000, 4000]);
    expect(sequence({ strategy: 'linear', baseMs: 500, maxDelayMs: 1200 }, 4)).toEqual([500, 1000, 1200, 1200]);
  });

  it('exponential: 1 s x 2^attempt, capped at 30 s', () => {
    expect(sequence({ strategy: 'exponential' }, 7)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('jitter spreads a delay by ±20 % by default', () => {
    expect(sequence({ strategy: 'exponential' }, 2, () => 0)).toEqual([800, 1600]);
    expect(sequence({ strategy: 'linear', jitter: 0.5 }, 2, () => 0.999999).map(Math.round)).toEqual([1500, 3000]);
  });

  it('the client uses the strategy it is given, jitter from the injected random', async () => {
    const proxy = await stub((n) => (n < 3 ? { status: 503 } : 'forward'));
    const { delays, sleep } = recordingSleep(open.clock);
    await createClient({
      token: freshToken(),
      baseUrl: proxy.url,
      sleep,
      random: () => 1 - 1e-9,
      retry: { strategy: 'exponential', baseMs: 100 },
    }).ssl.list();
    expect(delays.map(Math.round)).toEqual([120, 240, 480]);
  });
});

describe('the default sleep', () => {
  it('rejects at once when its signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });

  it('waits delays longer than setTimeout holds (2^31-1 ms) in full, not 1 ms', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      const long = 2 ** 31 + 5_000;
      const waiting = sleep(long).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(10);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(long);
      await waiting;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
