// Starts the real mock over HTTP on a free port, with a frozen clock, for one
// test file. Tests talk to it with fetch, as any client would.
import { afterAll, beforeAll } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { startServer, type RunningMock, type ServerOptions } from '../src/node/server.js';

/** 2026-11-22T12:00:00Z: a fixed "now" so simulated history is the same on every run. */
export const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

export interface TestMock {
  /** Base URL, e.g. http://127.0.0.1:41234/v1 */
  readonly url: string;
  readonly clock: ManualClock;
  readonly running: RunningMock;
  /** fetch against the mock with a bearer token (default: a token unique to the call site's file). */
  call(
    method: string,
    path: string,
    init?: { body?: string | URLSearchParams; token?: string | null; headers?: Record<string, string> },
  ): Promise<Response>;
  /** call() and parse the JSON body. */
  json<T = unknown>(
    method: string,
    path: string,
    init?: Parameters<TestMock['call']>[2],
  ): Promise<{ status: number; body: T; headers: Headers }>;
}

export function useMock(
  options: ServerOptions = {},
  defaultToken = `token-${Math.random().toString(36).slice(2)}`,
): TestMock {
  const clock = new ManualClock(NOW);
  let running: RunningMock | undefined;
  beforeAll(async () => {
    running = await startServer({ port: 0, rateLimit: false, clock, ...options });
  });
  afterAll(async () => {
    await running?.close();
  });
  const mock: TestMock = {
    get url() {
      return running!.url;
    },
    clock,
    get running() {
      return running!;
    },
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const token = init.token === undefined ? defaultToken : init.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      if (init.body !== undefined && !('content-type' in headers))
        headers['content-type'] = 'application/x-www-form-urlencoded';
      return fetch(`${running!.url}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : String(init.body),
      });
    },
    async json(method, path, init) {
      const response = await mock.call(method, path, init);
      const text = await response.text();
      return {
        status: response.status,
        body: (text ? JSON.parse(text) : undefined) as never,
        headers: response.headers,
      };
    },
  };
  return mock;
}
