// Each kind of failure reaches the caller as its own type, with what the API
// said. The expected field errors are read from the mock with plain fetch,
// not from the client under test.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
  ValidationError,
  createClient,
  type Body,
} from '../src/index.js';
import { freshToken, manualTimer, startMock, type TestMock } from './support/mock.js';
import { closedPort, startStub, type Stub } from './support/stub-server.js';

const mock: TestMock = await startMock({ tokens: { 'good-token': 'free' } });
afterAll(() => mock.close());
const stubs: Stub[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()));
});

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

describe('answers outside 2xx', () => {
  const api = createClient({ token: 'good-token', baseUrl: mock.url });

  it('400: a ValidationError with every field’s messages, also in its message', async () => {
    const invalid = {
      name: '',
      test_type: 'HTTP',
      website_url: 'https://x.example.com',
      check_rate: 300,
      timeout: 3,
    } as const;
    const raw = await fetch(`${mock.url}/uptime`, {
      method: 'POST',
      headers: { authorization: 'Bearer good-token', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=&test_type=HTTP&website_url=https%3A%2F%2Fx.example.com&check_rate=300&timeout=3',
    });
    const expected = (await raw.json()) as { message: string; errors: Record<string, string[]> };
    expect(raw.status).toBe(400);
    expect(Object.keys(expected.errors).sort()).toEqual(['name', 'timeout']);

    const error = await caught(api.uptime.create(invalid));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(APIError);
    const validation = error as ValidationError;
    expect(validation.status).toBe(400);
    expect(validation.errors).toEqual(expected.errors);
    expect(validation.body?.message).toBe(expected.message);
    expect(validation.message).toContain(expected.message);
    for (const [field, messages] of Object.entries(expected.errors)) {
      for (const message of messages) expect(validation.message).toContain(`${field}: ${message}`);
    }
    expect(validation.headers.get('x-ratelimit-limit')).toBeTruthy();
  });

  it('400 for a field the API does not know (only reachable around the types)', async () => {
    const body = { name: 'x', period: 300, colour: 'red' } as unknown as Body<'create-heartbeat-test'>;
    const error = (await caught(api.heartbeat.create(body))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys(error.errors)).toEqual(['colour']);
  });

  it('401: an AuthenticationError, not retried', async () => {
    let attempts = 0;
    const bad = createClient({
      token: 'not-a-token',
      baseUrl: mock.url,
      onRequest: () => void attempts++,
      sleep: async () => {},
    });
    const error = await caught(bad.uptime.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, errors: {} });
    expect(attempts).toBe(1);
  });

  it('404: a NotFoundError naming the request', async () => {
    const error = await caught(api.ssl.get('9999999'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, method: 'GET', url: `${mock.url}/ssl/9999999` });
    expect((error as Error).message).toContain('9999999');
  });

  it('429 with retries off: a RateLimitError', async () => {
    const limited = await startMock({ rateLimit: true });
    try {
      const client = createClient({ token: freshToken(), baseUrl: limited.url, retry: false });
      for (let i = 0; i < 5; i++) await client.contactGroups.list();
      const error = await caught(client.contactGroups.list());
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).resetSeconds).toBe(
        Number((error as RateLimitError).headers.get('x-ratelimit-reset')),
      );
    } finally {
      await limited.close();
    }
  });
});

describe('no answer', () => {
  it('a refused connection is a ConnectionError that knows nothing was sent', async () => {
    const port = await closedPort();
    const error = await caught(
      createClient({ token: 't', baseUrl: `http://127.0.0.1:${port}/v1`, retry: false }).uptime.list(),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ beforeSend: true, method: 'GET' });
    expect(((error as ConnectionError).cause as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
  });

  // Timeouts run on a timer the test fires by hand once the stub (which never
  // answers) has the request: a real 30 ms timer could run out before a busy
  // machine even delivered it.
  it('no answer within timeoutMs is a TimeoutError', async () => {
    const stub = await startStub(() => 'hang');
    stubs.push(stub);
    const timeouts = manualTimer();
    const call = caught(
      createClient({ token: 't', baseUrl: stub.url, retry: false, timeoutMs: 50, timer: timeouts.timer }).uptime.list(),
    );
    await stub.arrived(1);
    expect(timeouts.armed()).toEqual([50]);
    timeouts.fireAll();
    const error = await call;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain('50 ms');
    expect(stub.seen).toHaveLength(1);
  });

  it('an answer in time disarms the timeout', async () => {
    const timeouts = manualTimer();
    const api = createClient({ token: 'good-token', baseUrl: mock.url, timeoutMs: 5_000, timer: timeouts.timer });
    await api.uptime.list();
    await expect(api.ssl.get('9999999')).rejects.toBeInstanceOf(NotFoundError);
    expect(timeouts.armed()).toEqual([]);
  });

  it('a timed-out GET is retried; a timed-out POST is not', async () => {
    const stub = await startStub(() => 'hang');
    stubs.push(stub);
    const timeouts = manualTimer();
    const api = createClient({
      token: 't',
      baseUrl: stub.url,
      maxRetries: 1,
      timeoutMs: 30,
      sleep: async () => {},
      timer: timeouts.timer,
    });
    const get = caught(api.ssl.list());
    for (const attempt of [1, 2]) {
      await stub.arrived(attempt);
      timeouts.fireAll();
    }
    expect(await get).toBeInstanceOf(TimeoutError);
    expect(stub.seen.map((request) => request.method)).toEqual(['GET', 'GET']);

    const post = caught(
      api.ssl.create({ website_url: 'https://a.example.com', check_rate: 3600, alert_at: [1, 2, 3] }),
    );
    await stub.arrived(3);
    timeouts.fireAll();
    // A retry would reach the stub (and hang there): the call must end instead.
    const next = await Promise.race([post.then(() => 'ended'), stub.arrived(4).then(() => 'retried')]);
    expect(next).toBe('ended');
    expect(await post).toBeInstanceOf(TimeoutError);
    expect(stub.seen.map((request) => request.method)).toEqual(['GET', 'GET', 'POST']);
  });

  it('a per-call timeoutMs overrides the client’s', async () => {
    const stub = await startStub(() => 'hang');
    stubs.push(stub);
    const timeouts = manualTimer();
    const api = createClient({ token: 't', baseUrl: stub.url, retry: false, timeoutMs: 60_000, timer: timeouts.timer });
    const call = caught(api.heartbeat.get('1', { timeoutMs: 20 }));
    await stub.arrived(1);
    expect(timeouts.armed()).toEqual([20]);
    timeouts.fireAll();
    expect(await call).toBeInstanceOf(TimeoutError);
  });

  it('aborting rejects with the signal’s reason and is never retried', async () => {
    const stub = await startStub(() => 'hang');
    stubs.push(stub);
    const controller = new AbortController();
    const api = createClient({ token: 't', baseUrl: stub.url, sleep: async () => {} });
    const call = api.uptime.get('1', { signal: controller.signal });
    await stub.arrived(1);
    controller.abort();
    const error = await caught(call);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(stub.seen).toHaveLength(1);
  });

  it('aborting works the same when the call also has a timeout (one controller for both)', async () => {
    const stub = await startStub(() => 'hang');
    stubs.push(stub);
    const controller = new AbortController();
    const reason = new Error('navigated away');
    const timeouts = manualTimer();
    const call = createClient({
      token: 't',
      baseUrl: stub.url,
      timeoutMs: 60_000,
      timer: timeouts.timer,
    }).heartbeat.list(undefined, { signal: controller.signal });
    await stub.arrived(1);
    expect(timeouts.armed()).toEqual([60_000]);
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(timeouts.armed()).toEqual([]);
  });

  it('an abort during the wait between retries ends the call', async () => {
    const stub = await startStub(() => ({ status: 503 }));
    stubs.push(stub);
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const api = createClient({
      token: 't',
      baseUrl: stub.url,
      sleep: async (_ms, signal) => {
        controller.abort(reason);
        signal?.throwIfAborted();
      },
    });
    await expect(api.ssl.list(undefined, { signal: controller.signal })).rejects.toBe(reason);
    expect(stub.seen).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const stub = await startStub(() => 'forward', mock.url);
    stubs.push(stub);
    const api = createClient({ token: 'good-token', baseUrl: stub.url });
    await expect(api.ssl.list(undefined, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(stub.seen).toHaveLength(0);
  });
});

describe('createClient', () => {
  it('refuses to start without a token', () => {
    expect(() => createClient({ token: '' })).toThrow(/token/);
  });

  it('refuses a call with a missing path parameter instead of requesting /uptime/undefined', () => {
    const api = createClient({ token: 't', baseUrl: mock.url });
    expect(() => api.uptime.get(undefined as unknown as string)).toThrow(/path parameter/);
  });
});
