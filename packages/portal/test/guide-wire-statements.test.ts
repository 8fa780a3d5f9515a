// What the guides say the API accepts or refuses on the wire, checked against
// the real mock over HTTP: each check names the sentence it proves, and the
// guide must still hold that sentence (an edit of the sentence shows here). The
// guides' runnable examples (guide-examples.test.ts) prove the statements they
// print; these are the ones written in prose and tables.
//
// Needs the mock built: pnpm --filter @webmon/mock-server build
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningMock } from '@webmon/mock-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalDir } from './helpers.js';

let mock: RunningMock;
let strict: RunningMock;
beforeAll(async () => {
  mock = await startServer({ port: 0, rateLimit: false, seed: false });
  strict = await startServer({ port: 0, rateLimit: false, seed: false, strictWire: true });
});
afterAll(async () => {
  await mock?.close();
  await strict?.close();
});

/** A guide's text with its line breaks folded, as a reader reads a sentence. */
const guide = (file: string) => readFileSync(join(portalDir, 'guides', file), 'utf8').replace(/\s+/g, ' ');

let tokens = 0;
async function send(server: RunningMock, method: string, path: string, body?: string, type = FORM) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer statements-${++tokens}`, ...(body !== undefined && { 'content-type': type }) },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const FORM = 'application/x-www-form-urlencoded';
const UPTIME = 'name=Shop&test_type=HTTP&website_url=https%3A%2F%2Fshop.example.com&check_rate=300';

/** Creates with `extra` on one token and reads the record back; the create's answer if refused. */
async function createAndRead(server: RunningMock, extra: string) {
  const token = `statements-${++tokens}`;
  const call = async (method: string, path: string, body?: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': FORM }) },
      body,
    });
    return { status: response.status, body: await response.json() };
  };
  const created = await call('POST', '/uptime', `${UPTIME}&${extra}`);
  if (created.status !== 201) return created;
  return call('GET', `/uptime/${created.body.data.new_id}`);
}

describe('api/parameters.mdx', () => {
  const text = guide('api/parameters.mdx');

  it('"JSON bodies are refused with `415`"', async () => {
    expect(text).toContain('JSON bodies are refused with `415`');
    const answer = await send(mock, 'POST', '/uptime', JSON.stringify({ name: 'Shop' }), 'application/json');
    expect(answer.status).toBe(415);
  });

  it('integers: "plain decimals only: `0x1F`, `1_000` or an empty value are refused"', async () => {
    expect(text).toContain('plain decimals only: `0x1F`, `1_000` or an empty value are refused');
    for (const value of ['0x1F', '1_000', ''])
      expect((await createAndRead(mock, `timeout=${value}`)).status, value).toBe(400);
    expect((await createAndRead(mock, 'timeout=30')).body.data.timeout).toBe(30);
  });

  it('booleans: "`True` and `False`, in any case, are read too; anything else is refused"', async () => {
    expect(text).toContain(
      '`paused=true`, `paused=false` | `True` and `False`, in any case, are read too; anything else is refused',
    );
    for (const [sent, read] of [
      ['true', true],
      ['True', true],
      ['FALSE', false],
    ] as const)
      expect((await createAndRead(mock, `paused=${sent}`)).body.data.paused, sent).toBe(read);
    for (const sent of ['yes', '1', 'on']) expect((await createAndRead(mock, `paused=${sent}`)).status, sent).toBe(400);
  });

  it('"The API also reads an array joined with commas under the bare name, `tags=web,eu`, as two values"', async () => {
    expect(text).toContain(
      'The API also reads an array joined with commas under the bare name, `tags=web,eu`, as two values',
    );
    expect((await createAndRead(mock, 'tags=web,eu')).body.data.tags).toEqual(['web', 'eu']);
    expect((await createAndRead(mock, 'tags%5B%5D=web&tags%5B%5D=eu')).body.data.tags).toEqual(['web', 'eu']);
  });

  it('"A comma inside a bracketed value is not split: `tags[]=web,eu` is refused with `400`"', async () => {
    expect(text).toContain('A comma inside a bracketed value is not split: `tags[]=web,eu` is refused with `400`');
    const answer = await createAndRead(mock, 'tags[]=web,eu');
    expect(answer.status).toBe(400);
    expect(answer.body.errors.tags.join(' ')).toContain('send tags[]=web&tags[]=eu');
  });

  it('"The mock server started with `--strict-wire` accepts only the bracket form (and only `true`/`false`)"', async () => {
    expect(text).toContain(
      'The mock server started with `--strict-wire` accepts only the bracket form (and only `true`/`false`)',
    );
    expect((await createAndRead(strict, 'tags=web,eu')).status).toBe(400);
    expect((await createAndRead(strict, 'paused=True')).status).toBe(400);
    expect((await createAndRead(strict, 'tags[]=web&tags[]=eu&paused=true')).body.data).toMatchObject({
      tags: ['web', 'eu'],
      paused: true,
    });
  });

  it('"Send `status_codes_csv=` to clear it"', async () => {
    expect(text).toContain('Send `status_codes_csv=` to clear it');
    const token = `statements-${++tokens}`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': FORM };
    const created = await fetch(`${mock.url}/uptime`, {
      method: 'POST',
      headers,
      body: `${UPTIME}&status_codes_csv=500,502`,
    });
    const id = (await created.json()).data.new_id;
    await fetch(`${mock.url}/uptime/${id}`, { method: 'PUT', headers, body: 'status_codes_csv=' });
    const read = await (await fetch(`${mock.url}/uptime/${id}`, { headers })).json();
    expect(read.data.status_codes).toEqual([]);
  });

  it('"Any value counts as present, so `matchany=false` still turns matching to "any""', async () => {
    expect(text).toContain('Any value counts as present, so `matchany=false` still turns matching to "any"');
    const token = `statements-${++tokens}`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': FORM };
    for (const tag of ['web', 'eu'])
      await fetch(`${mock.url}/uptime`, { method: 'POST', headers, body: `${UPTIME}&tags[]=${tag}` });
    const count = async (query: string) =>
      (await (await fetch(`${mock.url}/uptime?${query}`, { headers })).json()).metadata.total_count;
    expect(await count('tags=web,eu')).toBe(0);
    expect(await count('tags=web,eu&matchany')).toBe(2);
    expect(await count('tags=web,eu&matchany=false')).toBe(2);
  });

  it('"An empty list is one empty page: `page_count` 1, `total_count` 0"', async () => {
    expect(text).toContain('An empty list is one empty page: `page_count` 1, `total_count` 0');
    const answer = await send(mock, 'GET', '/uptime');
    expect(answer.body).toEqual({ data: [], metadata: { page: 1, per_page: 25, page_count: 1, total_count: 0 } });
  });
});

describe('api/errors.mdx', () => {
  const text = guide('api/errors.mdx');

  it('"the path exists but not with this method (e.g. `PATCH`); the `Allow` header lists the methods it takes"', async () => {
    expect(text).toContain(
      'the path exists but not with this method (e.g. `PATCH`); the `Allow` header lists the methods it takes',
    );
    const response = await fetch(`${mock.url}/uptime`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer errors' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')?.split(', ')).toEqual(expect.arrayContaining(['GET', 'POST']));
  });

  it('"`413 Payload Too Large` | the request body is over 1 MiB"', async () => {
    expect(text).toContain('`413 Payload Too Large` | the request body is over 1 MiB');
    const mib = 1024 * 1024;
    expect((await send(mock, 'POST', '/contact-groups', `name=${'a'.repeat(mib - 'name='.length + 1)}`)).status).toBe(
      413,
    );
    // Exactly 1 MiB is read (and refused for its over-long name, a 400).
    expect((await send(mock, 'POST', '/contact-groups', `name=${'a'.repeat(mib - 'name='.length)}`)).status).toBe(400);
  });

  it('"the body is not `application/x-www-form-urlencoded` (JSON bodies are refused)"', async () => {
    expect(text).toContain('the body is not `application/x-www-form-urlencoded` (JSON bodies are refused)');
    expect((await send(mock, 'POST', '/contact-groups', 'name=Ops', 'text/plain')).status).toBe(415);
    expect((await send(mock, 'POST', '/contact-groups', '{"name":"Ops"}', 'application/json')).status).toBe(415);
  });
});

describe('sdks/alpha.mdx', () => {
  const text = guide('sdks/alpha.mdx');

  it('"The API reads that as two values, so creating and updating with array fields works, SSL `alert_at` included, and `tags=` empties a list"', async () => {
    expect(text).toContain(
      'The API reads that as two values, so creating and updating with array fields works, SSL `alert_at` included, and `tags=` empties a list',
    );
    const token = `statements-${++tokens}`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': FORM };
    const ssl = await fetch(`${mock.url}/ssl`, {
      method: 'POST',
      headers,
      body: 'website_url=https%3A%2F%2Fwww.example.com&check_rate=86400&alert_at=30%2C7%2C1',
    });
    expect(ssl.status).toBe(201);
    const read = await (await fetch(`${mock.url}/ssl/${(await ssl.json()).data.new_id}`, { headers })).json();
    expect(read.data.alert_at).toEqual([30, 7, 1]);
    const check = await fetch(`${mock.url}/uptime`, { method: 'POST', headers, body: `${UPTIME}&tags=web%2Ceu` });
    const id = (await check.json()).data.new_id;
    await fetch(`${mock.url}/uptime/${id}`, { method: 'PUT', headers, body: 'tags=' });
    expect((await (await fetch(`${mock.url}/uptime/${id}`, { headers })).json()).data.tags).toEqual([]);
  });

  it('"Python sends booleans as `True` and `False`. The API reads them as `true` and `false`"', async () => {
    expect(text).toContain('Python sends booleans as `True` and `False`.** The API reads them as `true` and `false`');
    expect((await createAndRead(mock, 'paused=True&use_jar=False')).body.data).toMatchObject({
      paused: true,
      use_jar: false,
    });
  });

  it('"`matchany=false` counts as present"', () => {
    // Proved against the mock in the parameters guide's statement above.
    expect(text).toContain('`matchany=false` counts as present.');
    expect(guide('api/parameters.mdx')).toContain('so `matchany=false` still turns matching to "any"');
  });
});
