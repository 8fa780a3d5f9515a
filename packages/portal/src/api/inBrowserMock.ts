/**
 * The try-it's sandbox: @webmon/mock-server's browser worker (msw's service
 * worker with the mock's handlers) answers for the sandbox server's URL (the
 * spec's server on localhost, listed first as "Sandbox, runs in your browser"
 * by scripts/prepare-api.mjs), so Send gets real, stateful answers with no
 * backend: nothing needs to listen on that port.
 *
 * - Started by the try-it panel when it is first shown
 *   (src/theme/ApiExplorer/index.tsx), once per page load: guides, and API
 *   pages read on a phone without scrolling to the try-it, never load it.
 * - Lazy: the mock (its handlers, validators, msw) is a dynamic import, a
 *   chunk of its own.
 * - Only the sandbox's origin is mocked. The mock's handlers match `/v1/` on
 *   any origin; a handler put in front of them lets every other request
 *   (production, the site's own files) go to the network untouched.
 * - When the worker cannot run (no service worker: an http:// origin other
 *   than localhost, some private windows, a policy, an old browser; or its
 *   start fails), the status says so and the try-it refuses to send to the
 *   sandbox (src/theme/ApiExplorer/Request): nothing falls through to the
 *   network.
 * - The mock's data lives in this page's memory: it survives in-app
 *   navigation between reference pages; a reload, or Reset sandbox, starts a
 *   fresh seeded account.
 * - `<html data-api-mock="starting|ready|failed|unsupported">` tells the tests
 *   (and anyone debugging) where the worker is.
 */
import siteConfig from '@generated/docusaurus.config';
import type { MockApi } from '@webmon/mock-server';

export type MockStatus = 'idle' | 'starting' | 'ready' | 'failed' | 'unsupported';

let status: MockStatus = 'idle';
let api: MockApi | undefined;
let started: Promise<void> | undefined;
const listeners = new Set<() => void>();

function setStatus(next: MockStatus): void {
  status = next;
  document.documentElement.dataset.apiMock = next;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the worker's status and a way to hear of changes. */
export const mockStatus = {
  get: (): MockStatus => status,
  getServer: (): MockStatus => 'idle',
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function startMock(sandboxOrigin: string): Promise<void> {
  setStatus('starting');
  return Promise.all([import('@webmon/mock-server/browser'), import('msw')])
    .then(async ([{ startBrowserMock }, { http, passthrough }]) => {
      const mock = await startBrowserMock({ workerUrl: `${siteConfig.baseUrl}mockServiceWorker.js` });
      mock.worker.use(http.all(new RegExp(`^(?!${escapeRegExp(sandboxOrigin)}/)`), () => passthrough()));
      api = mock.api;
      setStatus('ready');
    })
    .catch((error: unknown) => {
      setStatus('failed');
      console.error('The sandbox (in-browser mock server) could not start:', error);
    });
}

/** Starts the sandbox once per page load for `sandboxOrigin`; later calls return the same promise. */
export function startInBrowserMock(sandboxOrigin: string): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker) {
    setStatus('unsupported');
    return Promise.resolve();
  }
  started ??= startMock(sandboxOrigin);
  return started;
}

/** Reset sandbox: every account's data is forgotten; the next call starts a fresh seeded one. */
export function resetSandbox(): boolean {
  if (!api) return false;
  api.reset();
  return true;
}
