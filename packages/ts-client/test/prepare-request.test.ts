// prepareRequest shows what a call sends without sending it: the try-it and the
// reference's samples show it. It must be exactly what the transport sends.
import { describe, expect, it } from 'vitest';
import { createRequest, type OperationId, type OperationRow, prepareRequest } from '../src/index.js';

/**
 * What the transport hands to fetch for one call, caught by a recording fetch
 * that answers `answer`; and what the call returned.
 */
async function sent(
  operation: OperationId | OperationRow,
  path: unknown[],
  input?: Record<string, unknown>,
  answer: () => Response = () => new Response(null, { status: 204 }),
) {
  let seen: Request | undefined;
  const request = createRequest({
    token: 't',
    baseUrl: 'https://api.example.test/v1',
    retry: false,
    fetch: async (url, init) => {
      seen = new Request(url, init);
      return answer();
    },
  });
  const result = await request(operation, path, input).catch(() => undefined);
  const wire = {
    method: seen!.method,
    url: seen!.url,
    body: seen!.body ? await seen!.text() : undefined,
    type: seen!.headers.get('content-type'),
  };
  return { wire, result };
}

describe('prepareRequest', () => {
  const cases: [OperationId, unknown[], Record<string, unknown> | undefined][] = [
    [
      'create-uptime-test',
      [],
      { name: 'Home', test_type: 'HTTP', tags: ['web', 'eu'], status_codes: [500, 502], paused: false },
    ],
    ['update-contact-group', ['12'], { email_addresses: [] }],
    ['list-uptime-tests', [], { tags: ['web', 'eu'], matchany: true, nouptime: false, page: 2 }],
    ['get-uptime-test', ['a/b'], undefined],
  ];
  for (const [operationId, path, input] of cases) {
    it(`${operationId}: the same method, URL and body the client sends`, async () => {
      const { wire } = await sent(operationId, path, input);
      const prepared = prepareRequest(operationId, path, input, { baseUrl: 'https://api.example.test/v1/' });
      expect({
        method: prepared.method,
        url: prepared.url,
        body: prepared.body,
        type: prepared.headers['content-type'] ?? null,
      }).toEqual(wire);
    });
  }

  it('encodes arrays in bracket form and flags bare', () => {
    expect(prepareRequest('create-heartbeat-test', [], { tags: ['a', 'b'], contact_groups: [] }).body).toBe(
      'tags[]=a&tags[]=b&contact_groups[]=',
    );
    expect(prepareRequest('list-heartbeat-tests', [], { matchany: true }).url).toBe(
      'https://api.webmon.dev/v1/heartbeat?matchany',
    );
  });

  it('refuses an unknown operation and a missing path value', () => {
    expect(() => prepareRequest('nope' as never, [])).toThrow(/Unknown operation/);
    expect(() => prepareRequest('get-uptime-test', [''])).toThrow(TypeError);
  });

  it('takes an operation the client was not generated with, by its row', () => {
    const row = { method: 'PATCH', path: '/uptime/{test_id}', input: 'body', arrays: ['tags'] } as const;
    expect(prepareRequest(row, ['7'], { tags: ['a'], paused: true })).toEqual({
      method: 'PATCH',
      url: 'https://api.webmon.dev/v1/uptime/7',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'tags[]=a&paused=true',
    });
  });

  it('createRequest sends an operation given by its row as it sends the same operation by id', async () => {
    const input = { name: 'Home', test_type: 'HTTP', tags: ['web', 'eu'], paused: false };
    const byId = await sent('create-uptime-test', [], input);
    const row = {
      method: 'POST',
      path: '/uptime',
      input: 'body',
      arrays: ['contact_groups', 'dns_ips', 'regions', 'tags'],
    } as const;
    const created = () => new Response('{"data":{"new_id":"1"}}', { status: 201 });
    const byRow = await sent(row, [], input, created);
    expect(byRow.wire).toEqual(byId.wire);
    // By its row the answer comes back whole (no unwrap).
    expect(byRow.result).toEqual({ data: { new_id: '1' } });
  });
});
