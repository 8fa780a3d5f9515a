// The mock over real HTTP: node:http feeding the same MockApi pipeline that
// the msw handlers (tests, browser worker) use, through a thin adapter rather
// than Fetch Request/Response objects, which cost more than the pipeline.
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ApiError } from '../api-error.js';
import { MockApi, type MockOptions } from '../mock-api.js';
import { MAX_BODY_BYTES } from '../parse-request.js';
import type { MockRequest, MockResponse } from '../mock-request.js';
import { PREFLIGHT_HEADERS } from '../responses.js';
import { systemClock } from '../clock.js';
import type { AccountStore } from '../store/account-store.js';
import { DEFAULT_LIMITS } from '../store/accounts.js';
import { StoreBinding } from '../store/binding.js';
import { openStore } from '../store/open-store.js';
import { Backlog, whenWritable } from './backpressure.js';

export interface ServerOptions extends MockOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Called with one line per request (method, path, status, milliseconds). */
  log?: (line: string) => void;
  /**
   * Node's limits on slow clients, in milliseconds: the headers must arrive
   * within `headersTimeout` (default 60 s) and the whole request within
   * `requestTimeout` (default 300 s), else 408; Node checks every
   * `connectionsCheckingInterval` (default 30 s). Tests shorten them.
   */
  headersTimeout?: number;
  requestTimeout?: number;
  connectionsCheckingInterval?: number;
  /**
   * Bytes of answers written but not yet read by clients, over all connections
   * (default 64 MiB): past it, the connections stuck longest are closed.
   */
  maxBacklogBytes?: number;
  /** A connection that makes no progress (reading or writing) this long is closed (default 30 s). */
  socketTimeout?: number;
  /**
   * Where accounts are kept: `memory` (default: this process), a store URL
   * (`redis://host:port/db`: shared by every process using it, see the
   * README's deployment section), or a store.
   */
  store?: string | AccountStore;
  /** Prefix of the store's keys (Redis), so two sandboxes can share one. Default `webmon-mock:`. */
  storePrefix?: string;
  /** A shared store removes an account idle this long (Redis TTL). Default 7 days. */
  storeIdleMs?: number;
}

export interface RunningMock {
  /** Base URL of the API, e.g. http://127.0.0.1:4010/v1. */
  url: string;
  port: number;
  /** The pipeline answering now. */
  readonly api: MockApi;
  /** Answers every later request with `next` (`pnpm dev` reloads the mock in place); connections stay open. */
  replaceApi(next: MockApi): void;
  server: Server;
  /** Closes the server, then the store it opened. */
  close(): Promise<void>;
}

/** Reads the body up to `limit` bytes; null (and the rest discarded) past it; a body cut off is a 400. */
function readBody(incoming: IncomingMessage, limit: number): Promise<Uint8Array | null> {
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
    incoming.on('end', () => resolve(size > limit ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    const cutOff = () => reject(new ApiError(400, 'The request body did not arrive whole.'));
    incoming.on('error', cutOff);
    incoming.on('aborted', cutOff);
  });
}

/**
 * HTTP/1.1 requires a Host header (RFC 9112: 400 without one); HTTP/1.0 may
 * leave it out. Node's own check answered an empty 400: this one answers in
 * the API's shape. (A Host that is no plain host[:port] is not refused: links
 * are then built from the bound address, request-origin.ts.)
 */
function hostProblem(incoming: IncomingMessage): string | null {
  if (incoming.headers.host !== undefined || incoming.httpVersion === '1.0') return null;
  return 'An HTTP/1.1 request needs a Host header.';
}

/**
 * An answer written straight to a socket, for requests Node refuses before any
 * handler runs (clientError) or hands to no handler (CONNECT): the same shape
 * and headers as every other answer, then the connection is closed.
 */
function writeRaw(socket: Duplex, response: MockResponse): void {
  if (!socket.writable) return;
  const body = response.body ?? '';
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}\r\n`;
  for (const name in response.headers) head += `${name}: ${response.headers[name]}\r\n`;
  socket.end(`${head}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/** `http://host/v1/uptime` (a request target in absolute form, as sent to a proxy) -> `/v1/uptime`. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

function toMockRequest(incoming: IncomingMessage, origin: string): MockRequest {
  // Servers must take the absolute form too (RFC 9112, 3.2.2): its path is the route.
  const target = (incoming.url ?? '/').replace(ABSOLUTE_FORM, '') || '/';
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

/** The answer's headers as a flat [name, value, ...] list: node:http takes it without building a header object. */
function headerList(response: MockResponse, body: string): string[] {
  const headers: string[] = [];
  for (const name in response.headers) headers.push(name, response.headers[name]!);
  headers.push('content-length', String(Buffer.byteLength(body)));
  return headers;
}

function send(response: MockResponse, outgoing: ServerResponse): void {
  const body = response.body ?? '';
  outgoing.writeHead(response.status, headerList(response, body));
  outgoing.end(body);
}

/**
 * How much of a refused body is read and thrown away after its 413, at most.
 * A client still sending when the connection closes under it gets a reset,
 * which can drop the answer it has not read yet: Node's `fetch` (undici)
 * reported "fetch failed" instead of the 413.
 */
export const MAX_DISCARDED_BYTES = 16 * MAX_BODY_BYTES;

/**
 * The 413 for a body declared over the limit, then nginx's lingering close:
 * the answer is written whole at once, the body still coming is read and
 * thrown away (up to MAX_DISCARDED_BYTES, within the server's timeouts), and
 * only then does the connection close. Past the bound it closes at once.
 */
function answerThenDiscard(response: MockResponse, incoming: IncomingMessage, outgoing: ServerResponse): void {
  const body = response.body ?? '';
  outgoing.writeHead(response.status, [...headerList(response, body), 'connection', 'close']);
  // Written, not ended: ending lets Node close the socket while the body still arrives.
  outgoing.write(body);
  let discarded = 0;
  incoming.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > MAX_DISCARDED_BYTES) incoming.socket.destroy();
  });
  incoming.on('end', () => outgoing.end());
  incoming.resume();
}

export async function startServer(options: ServerOptions = {}): Promise<RunningMock> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const store =
    typeof options.store === 'string'
      ? await openStore(options.store, {
          prefix: options.storePrefix,
          idleMs: options.storeIdleMs,
          clock: options.clock ?? systemClock,
          limits,
        })
      : options.store;
  // With a shared store, memory holds copies: the store counts tokens and bytes in all.
  let api = new MockApi(
    store?.shared
      ? {
          ...options,
          limits: { ...limits, maxAccounts: Number.POSITIVE_INFINITY, maxBytes: Number.POSITIVE_INFINITY },
          rateWindows: store.rateWindows,
        }
      : options,
  );
  const binding = store?.shared
    ? new StoreBinding(store, () => api, { unreadable: 'fail', maxHeldBytes: 32 * 1024 * 1024 })
    : undefined;
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const backlog = new Backlog(options.maxBacklogBytes ?? 64 * 1024 * 1024);

  const server = createServer(
    {
      // Answered below in the API's shape, not with Node's empty 400.
      requireHostHeader: false,
      ...(options.headersTimeout !== undefined && { headersTimeout: options.headersTimeout }),
      ...(options.requestTimeout !== undefined && { requestTimeout: options.requestTimeout }),
      ...(options.connectionsCheckingInterval !== undefined && {
        connectionsCheckingInterval: options.connectionsCheckingInterval,
      }),
    },
    async (incoming, outgoing) => {
      const ready = whenWritable(incoming, outgoing);
      if (ready !== true && !(await ready)) return;
      const started = performance.now();
      let response: MockResponse;
      let discardBody = false;
      const badHost = hostProblem(incoming);
      try {
        if (badHost) {
          response = api.refuse(400, badHost);
        } else if (Number(incoming.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
          // Refuse before reading: a huge body must not cost memory.
          response = api.refuse(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
          // Asked for with 100-continue, the body is not coming: the connection simply closes.
          discardBody = incoming.headers.expect === undefined;
          if (!discardBody) outgoing.setHeader('connection', 'close');
        } else {
          const request = toMockRequest(incoming, origin);
          response = binding ? await binding.route(request) : await api.route(request);
        }
      } catch (error) {
        // A body the platform cannot even read (malformed framing) is the client's fault.
        response = api.refuse(400, `The request could not be read: ${(error as Error).message}`);
      }
      if (discardBody) answerThenDiscard(response, incoming, outgoing);
      else send(response, outgoing);
      backlog.track(incoming.socket);
      options.log?.(
        `${incoming.method} ${incoming.url} ${response.status} ${(performance.now() - started).toFixed(1)}ms`,
      );
    },
  );
  // `Expect: 100-continue` (curl's way with a large upload): a body declared
  // over the limit is refused at once, not asked for with 100 Continue and
  // refused once sent. Any other gets its 100 and the usual handler.
  server.on('checkContinue', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (Number(incoming.headers['content-length'] ?? 0) <= MAX_BODY_BYTES) outgoing.writeContinue();
    server.emit('request', incoming, outgoing);
  });
  // Node's default is no limit: a client that stops reading would hold its answer forever.
  server.setTimeout(options.socketTimeout ?? 30_000);
  // Requests Node refuses before any handler runs (headers or URL over its
  // 16 KiB limit, headers or body too slow, broken framing) still get the API's
  // JSON error shape.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    writeRaw(socket, clientErrorAnswer(api, error.code));
  });
  // CONNECT (a proxy tunnel) never reaches the request handler; unanswered, the socket hung up.
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    const response = api.refuse(405, 'CONNECT is not allowed: this is an API, not a proxy.');
    response.headers.allow = PREFLIGHT_HEADERS['access-control-allow-methods']!;
    writeRaw(socket, response);
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
    get api() {
      return api;
    },
    replaceApi(next) {
      api = next;
    },
    server,
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      // A store passed in belongs to the caller.
      if (typeof options.store === 'string') await store?.close();
    },
  };
}

function clientErrorAnswer(api: MockApi, code: string | undefined): MockResponse {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return api.refuse(431, 'The request line and headers are larger than 16 KiB.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return api.refuse(408, 'The request did not arrive in time: send the headers, then the body, without pausing.');
    default:
      return api.refuse(400, 'The request is not valid HTTP.');
  }
}
