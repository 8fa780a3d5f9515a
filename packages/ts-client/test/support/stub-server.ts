// A tiny node:http server in front of the mock (or on its own) that misbehaves
// on demand: answers 503, drops the connection, hangs, or forwards and then
// lies about the outcome. It counts what reaches it.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Action =
  | 'forward'
  /** Answer with this status (default body: the API's error shape) and headers. */
  | { status: number; headers?: Record<string, string>; body?: string }
  /** Read the request, then destroy the socket without answering. */
  | 'drop'
  /** Forward to the mock (which acts on it), then answer 503 instead of its answer. */
  | 'forward-then-503'
  /** Never answer. */
  | 'hang';

export interface Seen {
  method: string;
  path: string;
  body: string;
  headers: IncomingMessage['headers'];
}

export interface Stub {
  url: string;
  port: number;
  seen: Seen[];
  /** Resolves once `count` requests have reached the stub (an event, not a poll: no timing involved). */
  arrived(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `plan(n, seen)` picks the action for the n-th request (0-based).
 * `target` is the mock's base URL; the stub serves the same path layout.
 */
export async function startStub(plan: (n: number, seen: Seen) => Action, target?: string, port = 0): Promise<Stub> {
  const seen: Seen[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const arrived = (count: number) =>
    new Promise<void>((resolve) => {
      if (seen.length >= count) resolve();
      else waiting.push({ count, resolve });
    });
  const forward = (
    incoming: IncomingMessage,
    body: string,
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> =>
    new Promise((resolve, reject) => {
      const to = new URL(target!);
      const outgoing = httpRequest(
        {
          host: to.hostname,
          port: to.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: to.host },
        },
        (answer) => {
          let text = '';
          answer.setEncoding('utf8');
          answer.on('data', (chunk: string) => (text += chunk));
          answer.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(answer.headers))
              if (typeof value === 'string') headers[name] = value;
            resolve({ status: answer.statusCode ?? 500, headers, body: text });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (body += chunk));
    incoming.on('end', async () => {
      const entry = { method: incoming.method ?? '', path: incoming.url ?? '', body, headers: incoming.headers };
      const action = plan(seen.length, entry);
      seen.push(entry);
      for (const waiter of waiting.filter((w) => seen.length >= w.count)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (action === 'hang') return;
      if (action === 'drop') return incoming.socket.destroy();
      if (typeof action === 'object') {
        outgoing.writeHead(action.status, { 'content-type': 'application/json', ...action.headers });
        return outgoing.end(action.body ?? JSON.stringify({ message: `Injected ${action.status}.`, errors: {} }));
      }
      const answer = await forward(incoming, body);
      if (action === 'forward-then-503') {
        outgoing.writeHead(503, { 'content-type': 'application/json' });
        return outgoing.end(JSON.stringify({ message: 'Injected 503 after the mock acted.', errors: {} }));
      }
      const {
        'content-length': _length,
        'transfer-encoding': _encoding,
        connection: _connection,
        ...headers
      } = answer.headers;
      outgoing.writeHead(answer.status, headers);
      outgoing.end(answer.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    port: address.port,
    seen,
    arrived,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
