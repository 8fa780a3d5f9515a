// The bin with WEBMON_API_TOKEN (and WEBMON_API_URL): no sandbox, the
// calls go to the given API with that token. "The API" here is the mock,
// started by this test on a frozen clock, so what a 429 says is known.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '@webmon/mock-server';
import { type RunningMock, startServer } from '@webmon/mock-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, connect, type Session } from './helpers.js';

// 12 s into a minute: a full per-minute window resets in 48 s.
const NOW = Date.UTC(2026, 10, 22, 10, 0, 12);
const SECONDS_LEFT_IN_MINUTE = 60 - new Date(NOW).getUTCSeconds();

let mock: RunningMock;
let proxy: Server;
let proxyUrl: string;
let live: Session;
beforeAll(async () => {
  mock = await startServer({ port: 0, clock: new ManualClock(NOW), rateLimit: false });
  // In front of the mock: asks it, for every request, for the 429 of a full window.
  proxy = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = { prefer: 'code=429' };
    for (const name of ['authorization', 'content-type', 'accept'])
      if (typeof request.headers[name] === 'string') headers[name] = request.headers[name];
    const answer = await fetch(new URL(request.url!, mock.url).href, {
      method: request.method!,
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
  live = await connect({ WEBMON_API_TOKEN: 'live-token', WEBMON_API_URL: mock.url });
});
afterAll(async () => {
  await live?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await mock?.close();
});

describe('WEBMON_API_TOKEN', () => {
  it('switches to the given API and says so', async () => {
    const instructions = live.client.getInstructions() ?? '';
    expect(instructions).toMatch(/^LIVE:/);
    expect(instructions).toContain(mock.url);
    expect(instructions).not.toContain('SANDBOX');
    expect(await live.stderrIncluding('\n')).toBe(`webmon-mcp: ${instructions}\n`);
    // The recipes move the sandbox's clock, which a live API does not have.
    const names = (await live.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toHaveLength(36);
    expect(names.filter((name) => name.startsWith('recipe-'))).toEqual([]);
  });

  it("writes to that API, on that token's account", async () => {
    const created = await live.call('create-contact-group', {
      name: 'Agents on call',
      email_addresses: ['a@example.com'],
    });
    expect(created.isError, created.text).toBe(false);
    const id = JSON.parse(created.text).new_id as string;
    const read = (token: string) =>
      fetch(`${mock.url}/contact-groups/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const mine = await read('live-token');
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { data: { name: string } }).data.name).toBe('Agents on call');
    expect((await read('someone-else')).status).toBe(404);
  });

  it('answers a 429 with a tool error saying when to retry, without waiting', async () => {
    const limited = await connect({ WEBMON_API_TOKEN: 'live-token', WEBMON_API_URL: proxyUrl });
    try {
      const result = await limited.call('list-uptime-tests', { status: 'down' });
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/^HTTP 429: /);
      expect(result.text.split('\n').at(-1)).toBe(`Retry in ${SECONDS_LEFT_IN_MINUTE} s.`);
    } finally {
      await limited.close();
    }
  });

  it('refuses WEBMON_BASE_URL, the name it once read, rather than send the token to the default host', async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [CLI],
        { env: { PATH: process.env.PATH ?? '', WEBMON_API_TOKEN: 'live-token', WEBMON_BASE_URL: mock.url } },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      "webmon-mcp: WEBMON_BASE_URL is not read: set the API's URL as WEBMON_API_URL, as the guides do.\n",
    );
  });

  it('refuses a base URL without a token rather than run on the sandbox unannounced', async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [CLI],
        { env: { PATH: process.env.PATH ?? '', WEBMON_API_URL: mock.url } },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'webmon-mcp: WEBMON_API_URL is set but WEBMON_API_TOKEN is not: set both, or neither for the sandbox.\n',
    );
  });
});
