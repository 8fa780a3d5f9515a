/**
 * The try-it's in-browser mock: starts @webmon/mock-server's browser worker
 * (msw's service worker with the mock's handlers), so choosing the mock server
 * (`http://localhost:4010/v1`, the spec's second server) gets real, stateful
 * answers with no backend: nothing needs to listen on that port.
 *
 * - Started by the try-it panel when it is first shown
 *   (src/theme/ApiExplorer/index.tsx), once per page load: guides, and API
 *   pages read on a phone without scrolling to the try-it, never load it.
 * - Lazy: the mock (its handlers, validators, msw) is a dynamic import, a
 *   chunk of its own.
 * - Only the mock server's URL is mocked. The mock's handlers match `/v1/` on
 *   any origin; a handler put in front of them lets every other request
 *   (production, the site's own files) go to the network untouched, so
 *   choosing production sends real calls.
 * - The mock's data lives in this page's memory: it survives in-app
 *   navigation between reference pages and is reset by a reload.
 * - `<html data-api-mock="starting|ready|failed">` tells the tests (and
 *   anyone debugging) where the worker is.
 */
import siteConfig from '@generated/docusaurus.config';

/** The spec's second server, the one the in-browser mock answers for. */
export const MOCK_SERVER_ORIGIN = 'http://localhost:4010';

let started: Promise<void> | undefined;

function startMock(): Promise<void> {
  const root = document.documentElement;
  root.dataset.apiMock = 'starting';
  return Promise.all([import('@webmon/mock-server/browser'), import('msw')])
    .then(async ([{ startBrowserMock }, { http, passthrough }]) => {
      const { worker } = await startBrowserMock({ workerUrl: `${siteConfig.baseUrl}mockServiceWorker.js` });
      const elsewhere = new RegExp(`^(?!${MOCK_SERVER_ORIGIN.replace(/[.:/]/g, '\\$&')}/)`);
      worker.use(http.all(elsewhere, () => passthrough()));
      root.dataset.apiMock = 'ready';
    })
    .catch((error: unknown) => {
      root.dataset.apiMock = 'failed';
      // The reference still works against production; say why the mock does not.
      console.error('The in-browser mock server could not start:', error);
    });
}

/** Starts the mock once per page load; later calls return the same promise. */
export function startInBrowserMock(): Promise<void> {
  if (!('serviceWorker' in navigator)) return Promise.resolve();
  started ??= startMock();
  return started;
}
