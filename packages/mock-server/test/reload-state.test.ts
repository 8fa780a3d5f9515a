// `pnpm dev` reloads the mock in place (scripts/dev-host.mjs): each reload
// imports a fresh copy of dist/, whose pipeline takes over the previous one's
// accounts and rate limiter (MockApi.adoptStateOf). Those throw the previous
// copy's ApiError: the answers must still be the API's 429 and 409, not the
// mock's 500 for a bug in itself (seen by a newcomer polling the mock while
// saving). Over real HTTP, with the built package copied as dev-host copies it.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApi as MockApiType, MockOptions } from '../dist/index.js';
import type { RunningMock } from '../dist/node/index.js';
import { NOW } from './start-mock.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const copy = mkdtempSync(join(tmpdir(), 'mock-reload-'));
const CREATE = 'name=Home&test_type=HTTP&website_url=https://example.com&check_rate=300&timeout=30';
let running: RunningMock;

beforeAll(async () => {
  const { ManualClock } = await import('../dist/index.js');
  const { startServer } = await import('../dist/node/index.js');
  const clock = new ManualClock(NOW);
  const options: MockOptions = { clock, seed: false, limits: { maxRecordsPerKind: 1 } };
  running = await startServer({ port: 0, ...options });
  // A record stored before the reload: the account is then full.
  expect((await send('POST', '/uptime', 'full', CREATE)).status).toBe(201);
  cpSync(dist, copy, { recursive: true });
  const { MockApi } = (await import(pathToFileURL(join(copy, 'index.js')).href)) as { MockApi: typeof MockApiType };
  const next = new MockApi(options);
  next.adoptStateOf(running.api);
  running.replaceApi(next);
});

afterAll(async () => {
  await running?.close();
  rmSync(copy, { recursive: true, force: true });
});

async function send(method: string, path: string, token: string, body?: string) {
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: response.status, body: (await response.json()) as { message: string; errors: object } };
}

describe('after a reload, the errors of the state it kept', () => {
  it('a burst past the limit answers 429 in the API shape', async () => {
    // The clock is frozen: all six fall in one second.
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send('GET', '/uptime', 'burst')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await send('GET', '/uptime', 'burst');
    expect(limited).toEqual({
      status: 429,
      body: { message: expect.stringMatching(/^Rate limit exceeded/), errors: {} },
    });
  });

  it('a full account (the record kept from before the reload) answers 409 in the API shape', async () => {
    const refused = await send('POST', '/uptime', 'full', CREATE);
    expect(refused).toEqual({
      status: 409,
      body: { message: expect.stringMatching(/^This mock keeps at most 1 /), errors: {} },
    });
  });
});
