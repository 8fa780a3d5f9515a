// The mock over real HTTP: node:http feeding the same MockApi pipeline that
// the msw handlers (tests, browser worker) use, through a thin adapter rather
// than Fetch Request/Response objects, which cost more than the pipeline.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody } from '../responses.js';
import { MockApi, type MockOptions } from '../mock-api.js';
import { MAX_BODY_BYTES } from '../parse-request.js';
import type { MockRequest, MockResponse } from '../mock-request.js';

export interface ServerOptions extends MockOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Called with one line per request (method, path, status, milliseconds). */
  log?: (line: string) => void;
}

export interface RunningMock {
  /** Base URL of the API, e.g. http://127.0.0.1:4010/v1. */
  url: string;
  port: number;
  api: MockApi;
  server: Server;
  close(): Promise<void>;
}

/** Reads the body up to `limit` bytes; null (and the rest discarded) past it. */
function readBody(incoming: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        incoming.removeAllListeners('data');
        incoming.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    incoming.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });
}

function toMockRequest(incoming: IncomingMessage, origin: string): MockRequest {
  const target = incoming.url ?? '/';
  const question = target.indexOf('?');
  return {
    method: incoming.method ?? 'GET',
    origin,
    path: question === -1 ? target : target.slice(0, question),
    query: question === -1 ? '' : target.slice(question + 1),
    header: (name) => {
      const value = incoming.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    body: (limit) => readBody(incoming, limit),
  };
}

function send(response: MockResponse, outgoing: ServerResponse): void {
  const body = response.body ?? '';
  // A flat [name, value, ...] list: node:http takes it without building a header object.
  const headers: string[] = [];
  for (const name in response.headers) headers.push(name, response.headers[name]!);
  headers.push('content-length', String(Buffer.byteLength(body)));
  outgoing.writeHead(response.status, headers);
  outgoing.end(body);
}

export async function startServer(options: ServerOptions = {}): Promise<RunningMock> {
  const api = new MockApi(options);
  const host = options.host ?? '127.0.0.1';
  let origin = '';

  const server = createServer(async (incoming, outgoing) => {
    const started = performance.now();
    let response: MockResponse;
    try {
      if (Number(incoming.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
        // Refuse before reading: a huge body must not cost memory.
        response = api.refuse(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
        outgoing.setHeader('connection', 'close');
      } else {
        response = await api.route(toMockRequest(incoming, origin));
      }
    } catch (error) {
      // A body the platform cannot even read (malformed framing) is the client's fault.
      response = api.refuse(400, `The request could not be read: ${(error as Error).message}`);
    }
    send(response, outgoing);
    options.log?.(
      `${incoming.method} ${incoming.url} ${response.status} ${(performance.now() - started).toFixed(1)}ms`,
    );
  });
  // Requests Node refuses before any handler runs (headers or URL over its
  // 16 KiB limit, broken framing) still get the API's JSON error shape.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = JSON.stringify(
      errorBody(tooLarge ? 'The request line and headers are larger than 16 KiB.' : 'The request is not valid HTTP.'),
    );
    socket.end(
      `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `access-control-allow-origin: *\r\nconnection: close\r\n\r\n${body}`,
    );
  });

  // Node closes an idle kept-alive socket after 5 s by default, while fetch
  // (undici) reuses one for up to about 3 s of idleness: a client stalled for
  // 2 s (a busy machine) sends into a socket being closed and gets ECONNRESET,
  // no answer at all. A minute leaves clients' reuse window far inside ours.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: `${origin}${api.basePath}`,
    port,
    api,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
