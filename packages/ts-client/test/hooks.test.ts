// A custom fetch and the onRequest / onResponse hooks, over HTTP through a
// recording stub in front of the real mock.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient, type HookContext } from '../src/index.js';
import { freshToken, startMock, type TestMock } from './support/mock.js';
import { startStub, type Stub } from './support/stub-server.js';

const mock: TestMock = await startMock();
afterAll(() => mock.close());
let stub: Stub;
afterEach(() => stub?.close());

describe('custom fetch', () => {
  it('is used for every attempt instead of the global fetch', async () => {
    stub = await startStub((n) => (n === 0 ? { status: 503 } : 'forward'), mock.url);
    const calls: string[] = [];
    const api = createClient({
      token: freshToken(),
      baseUrl: stub.url,
      sleep: async () => {},
      fetch: (input, init) => {
        calls.push(`${init?.method} ${String(input)}`);
        return fetch(input, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), 'x-via': 'custom-fetch' },
        });
      },
    });
    const page = await api.maintenanceWindows.list({ state: 'active' });
    expect(Array.isArray(page.data)).toBe(true);
    expect(calls).toEqual([
      `GET ${stub.url}/maintenance-windows?state=active`,
      `GET ${stub.url}/maintenance-windows?state=active`,
    ]);
    expect(stub.seen.map((request) => request.headers['x-via'])).toEqual(['custom-fetch', 'custom-fetch']);
  });
});

describe('hooks', () => {
  it('onRequest sees each attempt and may replace the request; onResponse sees each answer', async () => {
    stub = await startStub(
      (n) => (n === 0 ? { status: 429, headers: { 'x-ratelimit-reset': '1' } } : 'forward'),
      mock.url,
    );
    const requests: HookContext[] = [];
    const answers: [number, string | null][] = [];
    const api = createClient({
      token: freshToken(),
      baseUrl: stub.url,
      sleep: async () => {},
      onRequest: (request, context) => {
        requests.push(context);
        const headers = new Headers(request.headers);
        headers.set('x-attempt', String(context.attempt));
        return new Request(request, { headers });
      },
      onResponse: (response) => void answers.push([response.status, response.headers.get('x-ratelimit-reset')]),
    });
    const id = await api.contactGroups.create({ name: 'Hooked', email_addresses: ['h@example.com'] });
    expect(typeof id).toBe('string');
    expect(requests.map(({ operationId, attempt, method }) => [operationId, attempt, method])).toEqual([
      ['create-contact-group', 0, 'POST'],
      ['create-contact-group', 1, 'POST'],
    ]);
    expect(stub.seen.map((request) => request.headers['x-attempt'])).toEqual(['0', '1']);
    // The replaced request still carries the body, encoded by the client.
    expect(stub.seen[1]!.body).toBe('name=Hooked&email_addresses[]=h%40example.com');
    expect(answers[0]).toEqual([429, '1']);
    expect(answers[1]![0]).toBe(201);
  });
});
