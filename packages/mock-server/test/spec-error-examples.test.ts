// Every 4xx example in the API description is an answer the mock really gives.
// For each example, the request that produces it goes to the mock over HTTP and
// the answer's `message` and `errors` must equal the example: the expected values
// are read from the bundle, never from the mock. A new or moved example fails the
// coverage tests below until it has its request here.
import { escapePointerToken, getAtPointer, type JsonObject, locate } from '@webmon/openapi-core';
import { describe, expect, it } from 'vitest';
import { type Answer, type Client, VALID, useApi } from './client.js';
import { bundle, specOperations } from './spec-schemas.js';

// Rate limits on (for the 429) with the frozen clock of useMock(): every request of
// a test falls in the same second. Each test uses a fresh token, so a fresh account.
const api = useApi({ seed: false, rateLimit: true });

const at = (pointer: string): unknown => getAtPointer(bundle, pointer);

/** Every 4xx example of every operation (response examples), by JSON pointer, with the statuses it is declared for. */
function responseExamples(): Map<string, Set<number>> {
  const found = new Map<string, Set<number>>();
  for (const operation of specOperations) {
    for (const [code, declared] of Object.entries(operation.responses)) {
      if (!/^4\d\d$/.test(code)) continue;
      // A shared response ($ref to components/responses): its examples are named by where they live.
      const { value: response, pointer } = locate<JsonObject>(
        bundle,
        declared,
        `${operation.pointer}/responses/${code}`,
      );
      for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, JsonObject>)) {
        const base = `${pointer}/content/${escapePointerToken(type)}`;
        const pointers = [
          ...('example' in media ? [`${base}/example`] : []),
          ...Object.keys((media.examples ?? {}) as JsonObject).map(
            (name) => `${base}/examples/${escapePointerToken(name)}/value`,
          ),
        ];
        for (const example of pointers) found.set(example, (found.get(example) ?? new Set()).add(Number(code)));
      }
    }
  }
  return found;
}

/** The APIError schema's own example: a validation failure, so a 400. */
const SCHEMA_EXAMPLE = '#/components/schemas/APIError/example';

/** For each example, the request that produces it (and its status). */
const REQUESTS: Record<string, { status: number; send: (client: Client) => Promise<Answer> }> = {
  '#/components/responses/BadRequest/content/application~1json/example': {
    status: 400,
    send: (client) => client.post('/uptime', `${VALID.uptime}&timeout=90`),
  },
  [SCHEMA_EXAMPLE]: {
    status: 400,
    send: (client) => client.post('/uptime', 'name=Example%20home%20page&test_type=HTTP&check_rate=1800&timeout=90'),
  },
  '#/components/responses/Unauthorized/content/application~1json/example': {
    status: 401,
    send: (client) => client.get('/uptime', { token: null }),
  },
  '#/components/responses/NotFound/content/application~1json/example': {
    status: 404,
    send: (client) => client.get('/uptime/9999999'),
  },
  '#/components/responses/TooManyRequests/content/application~1json/example': {
    status: 429,
    // The burst limit: the sixth request within one (frozen) second.
    send: async (client) => {
      for (let i = 0; i < 5; i++) expect((await client.get('/uptime-locations')).status).toBe(200);
      return client.get('/uptime-locations');
    },
  },
};

const examples = responseExamples();
if ('example' in (at('#/components/schemas/APIError') as JsonObject)) examples.set(SCHEMA_EXAMPLE, new Set([400]));

describe('the spec declares the 4xx examples this test knows', () => {
  it('every 4xx example in the bundle has a request here, for the status it is declared under', () => {
    expect(examples.size).toBeGreaterThanOrEqual(4);
    for (const [pointer, statuses] of examples) {
      const request = REQUESTS[pointer];
      expect(request, `${pointer}: add the request that produces this example to REQUESTS`).toBeDefined();
      expect([...statuses], pointer).toEqual([request!.status]);
    }
  });

  it('every request here still has its example in the bundle', () => {
    expect(Object.keys(REQUESTS).filter((pointer) => !examples.has(pointer))).toEqual([]);
  });
});

describe.each([...examples.keys()].filter((pointer) => pointer in REQUESTS))('%s', (pointer) => {
  it('is what the mock answers to its request: same status, message and errors', async () => {
    const example = at(pointer) as { message: string; errors: Record<string, string[]> };
    const { status, send } = REQUESTS[pointer]!;
    const answer = await send(api.client());
    expect(answer.status, answer.text).toBe(status);
    expect(answer.body.message).toBe(example.message);
    expect(answer.body.errors).toEqual(example.errors);
  });
});
