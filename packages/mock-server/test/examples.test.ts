// Every example of the description works as written on a freshly seeded
// account (src/seed.ts, EXAMPLE_RECORDS): the request each operation's examples
// make (path and query parameter examples, the form body's example) answers
// 2xx, lists filtered as in their example are not empty, and series asked about
// the example's past have data. The requests are built here from the bundle,
// read through @webmon/openapi-core, not from the mock's generated tables.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { isObject, listOperations, resolveRef, type JsonObject } from '@webmon/openapi-core';
import { describe, expect, it } from 'vitest';
import { Accounts, DEFAULT_LIMITS, type StoredRecord } from '../src/store/accounts.js';
import { ManualClock } from '../src/clock.js';
import { useApi } from './client.js';

const bundle = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@webmon/spec/openapi.json'), 'utf8'),
) as JsonObject;
const api = useApi({ rateLimit: false });

interface ExampleRequest {
  id: string;
  method: string;
  path: string;
  body?: string;
  pagination: unknown;
  filtered: boolean;
}

/** Form encoding as the API takes it: arrays in bracket form, `field[]=` for an empty one. */
function formBody(example: JsonObject): string {
  const pairs: string[] = [];
  const enc = encodeURIComponent;
  for (const [key, value] of Object.entries(example)) {
    if (Array.isArray(value)) {
      if (!value.length) pairs.push(`${enc(key)}[]=`);
      for (const item of value) pairs.push(`${enc(key)}[]=${enc(String(item))}`);
    } else pairs.push(`${enc(key)}=${enc(String(value))}`);
  }
  return pairs.join('&');
}

const requests: ExampleRequest[] = listOperations(bundle).map(
  ({ method, path, operationId, operation, parameters }) => {
    const exampleOf = (p: (typeof parameters)[number]) => p.parameter.example ?? p.schema.example;
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
      return encodeURIComponent(String(parameter && exampleOf(parameter)));
    });
    const query: string[] = [];
    for (const p of parameters.filter((x) => x.in === 'query')) {
      const value = exampleOf(p);
      if (value === undefined) continue;
      if (p.parameter['x-presence-flag'] === true) {
        if (value === true) query.push(p.name);
      } else query.push(`${p.name}=${encodeURIComponent(String(value))}`);
    }
    const requestBody = resolveRef(bundle, operation.requestBody);
    const content = isObject(requestBody) ? resolveRef(bundle, requestBody.content) : undefined;
    const media = isObject(content) ? content['application/x-www-form-urlencoded'] : undefined;
    const example = isObject(media) && isObject(media.example) ? media.example : undefined;
    const filters = ['tags', 'status', 'state'];
    return {
      id: operationId,
      method: method.toUpperCase(),
      path: `${filled}${query.length ? `?${query.join('&')}` : ''}`,
      body: example && formBody(example),
      pagination: operation['x-pagination'],
      filtered: parameters.some((p) => filters.includes(p.name) && exampleOf(p) !== undefined),
    };
  },
);

describe('the description examples on a fresh seeded account', () => {
  it('cover the 36 operations', () => {
    expect(requests).toHaveLength(36);
  });

  it.each(requests)('$id: $method $path answers 2xx', async ({ method, path, body, pagination, filtered }) => {
    const answer = await api.client().send(method, path, body);
    expect(answer.status, `${method} ${path} ${body ?? ''}: ${answer.text}`).toBeGreaterThanOrEqual(200);
    expect(answer.status, `${method} ${path} ${body ?? ''}: ${answer.text}`).toBeLessThan(300);
    // A filtered list and a series over the example's past both hold what they ask for.
    if (filtered || pagination === 'cursor') {
      expect(answer.body.data.length, `${path} lists something`).toBeGreaterThan(0);
    }
  });

  it('the filtered uptime and heartbeat lists find a check that is down and has both tags', async () => {
    for (const base of ['/uptime', '/heartbeat']) {
      const { data } = await api.client().list(`${base}?status=down&tags=production,web`);
      expect(data.length, base).toBeGreaterThan(0);
      for (const item of data) {
        expect(item.status).toBe('down');
        expect(item.tags).toEqual(expect.arrayContaining(['production', 'web']));
      }
    }
  });

  it('a new record skips an id the seed placed out of order', () => {
    const accounts = new Accounts(
      new ManualClock(0),
      DEFAULT_LIMITS,
      () => 'free',
      () => {},
    );
    const account = accounts.open('t');
    account.nextId = 234_567;
    accounts.collection(account, 'uptime').set('1234567', { data: {}, meta: {} as StoredRecord['meta'] });
    expect(accounts.newId(account)).toBe('1234568');
  });
});
