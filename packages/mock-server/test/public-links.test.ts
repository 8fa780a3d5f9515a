// The URLs the mock hands out (series links.self and links.next, the heartbeat
// `url`, har_location) name the host the caller used (Host, or
// X-Forwarded-Host/-Proto behind a proxy), not the address the server is bound
// to: `http://0.0.0.0:4010` is no URL anyone can call. A header that is not a
// plain host[:port] is not echoed: the bound address stands instead.
// Sent with node:http, which lets a test set Host (fetch does not).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { VALID } from './client.js';
import { useMock } from './start-mock.js';

const mock = useMock({ seed: false });
const TOKEN = 'public-links-token';

interface Raw {
  status: number;
  body: { data: Record<string, unknown>; links?: { self: string; next?: string } };
}

/** One request to the mock with exactly these headers (Host included). */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  const base = new URL(mock.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: `${base.pathname}${path}`,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
          ...headers,
        },
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const bound = () => new URL(mock.url).origin;

async function created(path: string, body: string): Promise<string> {
  const answer = await send('POST', path, {}, body);
  expect(answer.status).toBe(201);
  return String(answer.body.data.new_id);
}

describe('links and URLs name the host the caller used', () => {
  it('Host: links.self and links.next of a series, and har_location', async () => {
    const uptime = await created('/uptime', VALID.uptime.replace('check_rate=1800', 'check_rate=60'));
    const speed = await created('/pagespeed', VALID.pagespeed.replace('check_rate=1800', 'check_rate=60'));
    mock.clock.advance(10 * 60_000);
    const history = await send('GET', `/uptime/${uptime}/history?limit=2`, { host: 'mock.example.test:8080' });
    expect(history.status).toBe(200);
    expect(history.body.links!.self).toBe(`http://mock.example.test:8080/v1/uptime/${uptime}/history?limit=2`);
    expect(history.body.links!.next).toMatch(
      new RegExp(`^http://mock\\.example\\.test:8080/v1/uptime/${uptime}/history\\?limit=2&before=\\d+$`),
    );
    const speeds = await send('GET', `/pagespeed/${speed}/history?limit=1`, { host: 'localhost:4010' });
    const [first] = speeds.body.data as unknown as { har_location: string }[];
    expect(first!.har_location.startsWith('http://localhost:4010/har/')).toBe(true);
  });

  it("har_location answers the measurement's HTTP Archive, for that account's check only", async () => {
    const speed = await created('/pagespeed', VALID.pagespeed.replace('check_rate=1800', 'check_rate=60'));
    mock.clock.advance(10 * 60_000);
    const port = new URL(mock.url).port;
    const speeds = await send('GET', `/pagespeed/${speed}/history?limit=2`, { host: `127.0.0.1:${port}` });
    const [first, second] = speeds.body.data as unknown as {
      har_location: string;
      loadtime: number;
      created_at: string;
    }[];
    const archive = await fetch(first!.har_location);
    expect(archive.status).toBe(200);
    const { log } = (await archive.json()) as {
      log: { version: string; entries: { startedDateTime: string; time: number; request: { url: string } }[] };
    };
    expect(log.version).toBe('1.2');
    expect(log.entries[0]).toMatchObject({
      startedDateTime: first!.created_at,
      time: first!.loadtime,
      request: { url: 'https://www.example.com/' },
    });
    // Each measurement its own archive; a second with no measurement, none.
    const other = (await (await fetch(second!.har_location)).json()) as { log: { entries: { time: number }[] } };
    expect(other.log.entries[0]!.time).toBe(second!.loadtime);
    const seconds = Number(/\/(\d+)\.har$/.exec(first!.har_location)![1]);
    expect((await fetch(first!.har_location.replace(`/${seconds}.har`, `/${seconds + 1}.har`))).status).toBe(404);
    // Another account's key: the same check id answers nothing.
    const key = /\/har\/([^/]+)\//.exec(first!.har_location)![1]!;
    expect((await fetch(first!.har_location.replace(key, 'f'.repeat(key.length)))).status).toBe(404);
  });

  it('Host: the heartbeat url, which answers as a ping where it points', async () => {
    const id = await created('/heartbeat', VALID.heartbeat);
    const read = await send('GET', `/heartbeat/${id}`, { host: `localhost:${new URL(mock.url).port}` });
    const url = String(read.body.data.url);
    expect(url.startsWith(`http://localhost:${new URL(mock.url).port}/heartbeat/`)).toBe(true);
    // The URL works: localhost is where the mock listens.
    const ping = await fetch(url.replace('//localhost:', '//127.0.0.1:'));
    expect(ping.status).toBe(200);
  });

  it('X-Forwarded-Host and X-Forwarded-Proto (a proxy in front) win over Host', async () => {
    const id = await created('/heartbeat', VALID.heartbeat);
    const read = await send('GET', `/heartbeat/${id}`, {
      host: '127.0.0.1',
      'x-forwarded-host': 'api.example.test, proxy.internal',
      'x-forwarded-proto': 'https',
    });
    expect(String(read.body.data.url)).toMatch(/^https:\/\/api\.example\.test\/heartbeat\/[^/]+\/\d+$/);
    // X-Forwarded-Proto alone changes the scheme only.
    const proto = await send('GET', `/heartbeat/${id}`, { host: 'mock.example.test', 'x-forwarded-proto': 'https' });
    expect(String(proto.body.data.url).startsWith('https://mock.example.test/heartbeat/')).toBe(true);
  });

  it('a Host that is not a plain host[:port] is not echoed: the bound address stands', async () => {
    const id = await created('/heartbeat', VALID.heartbeat);
    for (const host of [
      'evil.example/phish?x=',
      'user@evil.example',
      '<script>alert(1)</script>',
      'a b',
      'example.test:99999',
      'example.test:0',
      `${'a'.repeat(64)}.example`,
      '-bad.example',
    ]) {
      const read = await send('GET', `/heartbeat/${id}`, { host });
      expect(read.status, host).toBe(200);
      expect(String(read.body.data.url).startsWith(`${bound()}/heartbeat/`), host).toBe(true);
    }
    // Nor a bad X-Forwarded-Host or -Proto: the (valid) Host is used, with the bound scheme.
    const forwarded = await send('GET', `/heartbeat/${id}`, {
      host: 'mock.example.test',
      'x-forwarded-host': 'evil.example/x',
      'x-forwarded-proto': 'javascript',
    });
    expect(String(forwarded.body.data.url).startsWith('http://mock.example.test/heartbeat/')).toBe(true);
  });

  it('an IPv6 host in brackets is a host', async () => {
    const id = await created('/heartbeat', VALID.heartbeat);
    const read = await send('GET', `/heartbeat/${id}`, { host: '[::1]:4010' });
    expect(String(read.body.data.url).startsWith('http://[::1]:4010/heartbeat/')).toBe(true);
  });
});
