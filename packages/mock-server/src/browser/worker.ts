// The mock in msw's service worker, for pages that want their own `fetch`
// answered (the in-page sandbox, sandbox.ts, needs no worker). Some browsers
// refuse service workers: prefer createSandbox.
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

/**
 * The same worker, answering with `createMock`'s handlers from this copy of
 * the modules, and the previous mock's readers' data (`MockApi.adoptStateOf`):
 * under a dev server, a hot update brings new modules (validators, routes)
 * to a page whose sandbox already runs. Handlers added with `worker.use` are
 * dropped: add them again.
 */
export function reloadBrowserMock(previous: BrowserMock, options: MockHandlersOptions = {}): BrowserMock {
  const { handlers, api } = createMock(options);
  api.adoptStateOf(previous.api);
  previous.worker.resetHandlers(...handlers);
  return { worker: previous.worker, api };
}
