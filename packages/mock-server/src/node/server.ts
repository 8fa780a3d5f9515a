// The mock over real HTTP: node:http in front of the same msw handlers the
// tests and the browser worker use (msw's getResponse runs the pipeline).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { getResponse } from 'msw';
import { createMock, type MockHandlersOptions } from '../handlers.js';
import { json, errorBody } from '../http.js';
import { MAX_BODY_BYTES, type MockApi } from '../mock-api.js';

export interface ServerOptions extends MockHandlersOptions {
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

function toRequest(incoming: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  return new Request(new URL(incoming.url ?? '/', origin), {
    method: incoming.method,
    headers,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit);
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const body = Buffer.from(await response.arrayBuffer());
  outgoing.writeHead(response.status, { ...headers, 'content-length': String(body.byteLength) });
  outgoing.end(body);
}

export async function startServer(options: ServerOptions = {}): Promise<RunningMock> {
  const { handlers, api } = createMock(options);
  const host = options.host ?? '127.0.0.1';
  let origin = '';

  const server = createServer(async (incoming, outgoing) => {
    const started = performance.now();
    let response: Response;
    try {
      if (Number(incoming.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
        // Refuse before reading: a huge body must not cost memory.
        response = json(413, errorBody(`The request body is larger than ${MAX_BODY_BYTES} bytes.`));
        outgoing.setHeader('connection', 'close');
      } else {
        response = (await getResponse(handlers, toRequest(incoming, origin))) ??
          json(404, errorBody(`No route ${incoming.method} ${incoming.url}.`));
      }
    } catch (error) {
      // A body the platform cannot even read (malformed framing) is the client's fault.
      response = json(400, errorBody(`The request could not be read: ${(error as Error).message}`));
    }
    await send(response, outgoing);
    options.log?.(`${incoming.method} ${incoming.url} ${response.status} ${(performance.now() - started).toFixed(1)}ms`);
  });
  server.on('clientError', (_error, socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: `${origin}${options.basePath ?? '/v1'}`,
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
