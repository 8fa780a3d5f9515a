// The mock in a browser: msw's service worker with the same handlers, so a
// static docs site answers try-it calls with no backend.
import { setupWorker, type SetupWorker } from 'msw/browser';
import { createMock, type MockHandlersOptions } from '../handlers.js';
import type { MockApi } from '../mock-api.js';

export interface BrowserMockOptions extends MockHandlersOptions {
  /** URL of mockServiceWorker.js as the site serves it. Default: /mockServiceWorker.js. */
  workerUrl?: string;
}

export interface BrowserMock {
  worker: SetupWorker;
  api: MockApi;
}

/** Starts the worker; requests to `*${basePath}/...` (default /v1) are answered by the mock, others pass through. */
export async function startBrowserMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  const { handlers, api } = createMock(options);
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: options.workerUrl ?? '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return { worker, api };
}

export * from '../index.js';
