// HTTP a shared sandbox meets that fetch would never send: raw bytes that are
// not UTF-8, no Host, CONNECT, headers or a body that stop arriving. Each gets
// an answer in the API's error shape with the CORS headers (raw sockets, real
// server), and the in-browser mock's adapter refuses the same bytes.
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMock } from '../src/handlers.js';
import { fromFetchRequest } from '../src/fetch-adapter.js';
import { startServer, type RunningMock } from '../src/node/server.js';
import { useMock } from './start-mock.js';

const mock = useMock({ seed: false });

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` on a fresh connection, reads until the server closes or ends the answer. */
function raw(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // A keep-alive answer is complete once its declared body is in.
      const text = Buffer.concat(chunks).toString('utf8');
      const length = /\r\ncontent-length: (\d+)/i.exec(text);
      const bodyStart = text.indexOf('\r\n\r\n');
      if (length && bodyStart !== -1 && Buffer.byteLength(text.slice(bodyStart + 4)) >= Number(length[1])) {
        socket.end();
      }
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', reject);
  });
}

function expectErrorShape(answer: RawAnswer, status: number) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['access-control-allow-origin']).toBe('*');
  expect(answer.headers['x-ratelimit-limit']).toBeDefined();
  const body = JSON.parse(answer.body) as { message: unknown; errors: unknown };
  expect(body).toEqual({ message: expect.any(String), errors: {} });
  return body as { message: string; errors: Record<string, string[]> };
}

const form = (body: Buffer, headers = '') =>
  Buffer.concat([
    Buffer.from(
      'POST /v1/contact-groups HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer odd-http\r\n' +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.byteLength}\r\n${headers}\r\n`,
    ),
    body,
  ]);

describe('bytes that are not UTF-8', () => {
  it.each([
    ['a lone continuation byte', [0x80]],
    ['a truncated sequence', [0xc3, 0x28]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['0xFF', [0xff]],
  ])('a form body with %s in a value is refused with 400, and nothing is stored', async (_label, bytes) => {
    const before = await mock.json<{ data: unknown[] }>('GET', '/contact-groups', { token: 'odd-http' });
    const answer = await raw(
      mock.running.port,
      form(Buffer.concat([Buffer.from('name=Ops'), Buffer.from(bytes), Buffer.from('team')])),
    );
    const body = expectErrorShape(answer, 400);
    expect(body.message).toMatch(/not valid UTF-8/);
    const after = await mock.json<{ data: unknown[] }>('GET', '/contact-groups', { token: 'odd-http' });
    expect(after.body.data).toEqual(before.body.data);
  });

  it('valid UTF-8 sent raw (not percent-encoded) is taken as it is', async () => {
    const answer = await raw(mock.running.port, form(Buffer.from('name=Équipe 運用 😀')));
    expect(answer.status, answer.body).toBe(201);
    const id = (JSON.parse(answer.body) as { data: { new_id: string } }).data.new_id;
    const read = await mock.json<{ data: { name: string } }>('GET', `/contact-groups/${id}`, { token: 'odd-http' });
    expect(read.body.data.name).toBe('Équipe 運用 😀');
  });

  it('the in-browser mock (Fetch adapter, same pipeline) refuses them too', async () => {
    const { api } = createMock({ seed: false });
    const request = new Request('http://docs.example/v1/contact-groups', {
      method: 'POST',
      headers: { authorization: 'Bearer browser', 'content-type': 'application/x-www-form-urlencoded' },
      body: Uint8Array.from([...Buffer.from('name=Ops'), 0xc3, 0x28]),
    });
    const answer = await api.route(fromFetchRequest(request));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body!)).toEqual({ message: expect.stringMatching(/not valid UTF-8/), errors: {} });
  });
});

describe('the Host header', () => {
  it('an HTTP/1.1 request without Host gets 400 in the error shape with CORS headers (not an empty 400)', async () => {
    const answer = await raw(mock.running.port, 'GET /v1/uptime HTTP/1.1\r\nAuthorization: Bearer odd-http\r\n\r\n');
    expect(expectErrorShape(answer, 400).message).toMatch(/Host/);
  });

  it('an HTTP/1.0 request may leave it out', async () => {
    const answer = await raw(mock.running.port, 'GET /v1/uptime HTTP/1.0\r\nAuthorization: Bearer odd-http\r\n\r\n');
    expect(answer.status, answer.body).toBe(200);
  });
});

describe('Expect: 100-continue', () => {
  it('a body declared over the limit gets 413 at once, not 100 Continue first', async () => {
    const answer = await raw(
      mock.running.port,
      'POST /v1/contact-groups HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer odd-http\r\n' +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${2 * 1024 * 1024}\r\n` +
        'Expect: 100-continue\r\n\r\n',
    );
    expect(expectErrorShape(answer, 413).message).toMatch(/larger than/);
  });

  it('a body within the limit is asked for and answered', async () => {
    const body = 'name=Continued';
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${mock.url}/contact-groups`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer odd-http',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(body.length),
          expect: '100-continue',
        },
      });
      // Sent only once the server asks for it.
      request.on('continue', () => request.end(body));
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    expect(status).toBe(201);
  });
});

describe('a request target in absolute form', () => {
  it('is routed by its path, as servers must take it (RFC 9112)', async () => {
    const answer = await raw(
      mock.running.port,
      'GET http://api.example.test/v1/uptime?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer odd-http\r\n\r\n',
    );
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ metadata: { per_page: 1 } });
  });
});

describe('CONNECT', () => {
  it('gets 405 in the error shape, with Allow, instead of a dropped connection', async () => {
    const answer = await raw(mock.running.port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(expectErrorShape(answer, 405).message).toMatch(/CONNECT/);
    expect(answer.headers.allow).toMatch(/GET/);
  });
});

describe('requests that stop arriving', () => {
  // Node's own timeouts, shortened by option: what is checked is the answer,
  // whenever it comes (the server decides when; the test only waits for it).
  let slow: RunningMock;
  beforeAll(async () => {
    slow = await startServer({
      port: 0,
      seed: false,
      headersTimeout: 500,
      requestTimeout: 1000,
      connectionsCheckingInterval: 100,
    });
  });
  afterAll(() => slow.close());

  it('headers that stop half-way get 408 in the error shape', async () => {
    const answer = await raw(slow.port, 'GET /v1/uptime HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bea');
    expect(expectErrorShape(answer, 408).message).toMatch(/in time/);
  });

  it('a body that stops half-way gets 408 in the error shape', async () => {
    const answer = await raw(
      slow.port,
      'POST /v1/contact-groups HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer slow\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=Half',
    );
    expect(expectErrorShape(answer, 408).message).toMatch(/in time/);
  });
});

describe('connections that do not read their answers', () => {
  let stuck: RunningMock;
  beforeAll(async () => {
    stuck = await startServer({ port: 0, seed: false, rateLimit: false, maxBacklogBytes: 64 * 1024 });
    // A list of about 240 KiB: 14 contact groups with every list full.
    const group = new URLSearchParams({ name: 'n'.repeat(255) });
    for (let i = 0; i < 50; i++) {
      group.append('email_addresses[]', `${'a'.repeat(60)}${i}@${'b'.repeat(60)}.example.com`);
      group.append('integrations[]', `${i}`.padStart(64, 'i'));
    }
    for (let i = 0; i < 14; i++) {
      const response = await fetch(`${stuck.url}/contact-groups`, {
        method: 'POST',
        headers: { authorization: 'Bearer hoarder', 'content-type': 'application/x-www-form-urlencoded' },
        body: group.toString(),
      });
      expect(response.status).toBe(201);
    }
  });
  afterAll(() => stuck.close());

  it('pipelined requests are answered one at a time, and a client that reads none loses its connection', async () => {
    const routed = vi.spyOn(stuck.api, 'route');
    // The server's end of the connection: a paused client cannot see it close.
    const serverSide = new Promise<Socket>((resolve) => stuck.server.once('connection', resolve));
    const socket = connect(stuck.port, '127.0.0.1');
    socket.pause();
    socket.on('error', () => undefined);
    const request =
      'GET /v1/contact-groups?limit=100 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer hoarder\r\n\r\n';
    socket.write(request.repeat(200));
    await new Promise((resolve) => void serverSide.then((side) => side.once('close', resolve)));
    socket.destroy();
    // About 240 KiB each: only what the connection took was computed (all 200 were, and kept in memory).
    expect(routed.mock.calls.length).toBeLessThan(100);
    // Others are served as usual.
    const other = await fetch(`${stuck.url}/contact-groups`, { headers: { authorization: 'Bearer hoarder' } });
    expect(other.status).toBe(200);
    routed.mockRestore();
  });
});
