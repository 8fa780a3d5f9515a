// One msw server per test file over the mock's handlers, a fresh account
// (token) and QueryClient per test, and a record of every request the hooks
// sent, read back from the wire (method, URL, form body).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure as configureDom, render, type RenderResult } from '@testing-library/react';
import { ManualClock, createMock } from '@webmon/mock-server';
import { createClient, type Client } from '@webmon/ts-client';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { configure } from '../../src/index.js';

/** 2026-11-22T12:00:00Z */
export const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
export const BASE_URL = 'https://api.example.com/v1';

// findBy*/waitFor give up after 1 s by default: far too short on a busy machine.
configureDom({ asyncUtilTimeout: 30_000 });

export interface Sent {
  method: string;
  url: URL;
  /** The form body as sent ('' for a GET); a promise, so no assertion races its reading. */
  body: Promise<string>;
}

export interface Harness {
  clock: ManualClock;
  /** Every request the mock received, in order (reset by `account()`). */
  sent: Sent[];
  /** A fresh token: configures the hooks for it and returns a plain client on the same account, for setup and oracles. */
  account(): Client;
  /** Renders `ui` inside a QueryClientProvider with a fresh QueryClient (no retries of its own: ts-client retries). */
  show(ui: ReactNode): RenderResult & { queryClient: QueryClient };
}

export function startHarness(): Harness {
  const clock = new ManualClock(NOW);
  const mock = createMock({ clock, rateLimit: false, seed: false });
  const server = setupServer(...mock.handlers);
  const sent: Sent[] = [];
  server.events.on('request:start', ({ request }) => {
    // A CORS preflight is the DOM's, not the hooks': msw 3 reports it too (happy-dom sends one per cross-origin call).
    if (request.method === 'OPTIONS') return;
    const body = request.method === 'GET' ? Promise.resolve('') : request.clone().text();
    sent.push({ method: request.method, url: new URL(request.url), body });
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(cleanup); // vitest has no globals here, so testing-library cannot register it itself
  afterAll(() => server.close());
  let n = 0;
  return {
    clock,
    sent,
    account() {
      sent.length = 0;
      const token = `hooks-${++n}-${Math.random().toString(36).slice(2)}`;
      configure({ token, baseUrl: BASE_URL });
      return createClient({ token, baseUrl: BASE_URL });
    },
    show(ui) {
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      });
      const result = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
      return Object.assign(result, { queryClient });
    },
  };
}
