/**
 * The try-it's sandbox: @webmon/mock-server's browser worker (msw's service
 * worker with the mock's handlers) answers for the sandbox server's URL (the
 * spec's server on localhost, listed first as "Sandbox, runs in your browser"
 * by scripts/prepare-api.mjs), so Send gets real, stateful answers with no
 * backend: nothing needs to listen on that port.
 *
 * - Started on the reader's first use of a try-it form (a click or focus in
 *   it, Send, Reset sandbox: src/theme/ApiExplorer/Request), once per page
 *   load; a Send made while it starts waits for it. Reading a page, guides
 *   included, never loads it nor registers a service worker.
 * - Lazy: the mock (its handlers, validators, msw) is a dynamic import, a
 *   chunk of its own.
 * - Only the sandbox's origin is mocked. The mock's handlers match `/v1/` on
 *   any origin; a handler put in front of them lets every other request
 *   (production, the site's own files) go to the network untouched.
 * - When the worker cannot run, the status says so and the try-it refuses to
 *   send to the sandbox (src/theme/ApiExplorer/Request): nothing falls
 *   through to the network. No service worker at all (an http:// origin
 *   other than localhost, an old browser) is known as the panel appears
 *   (`checkSandboxSupport`); a refused registration (some private windows, a
 *   policy) when the first use starts it.
 * - The mock's data lives in this page's memory: it survives in-app
 *   navigation between reference pages; a reload, or Reset sandbox, starts a
 *   fresh seeded account.
 * - `<html data-api-mock="starting|ready|failed|not-loaded|unsupported">` tells the tests
 *   (and anyone debugging) where the worker is; no attribute: not used yet.
 */
import siteConfig from '@generated/docusaurus.config';
import type { BrowserMock } from '@webmon/mock-server/browser';

/**
 * `failed`: the service worker was refused (a policy, a private window);
 * `not-loaded`: the mock's code was not (a chunk that did not download, or
 * under `pnpm dev` modules that do not load); the next use tries again.
 */
export type MockStatus = 'idle' | 'starting' | 'ready' | 'failed' | 'not-loaded' | 'unsupported';

let status: MockStatus = 'idle';
let started: Promise<void> | undefined;
/** The sandbox running in this page, and the origin it answers for. */
let running: { mock: BrowserMock; sandboxOrigin: string } | undefined;
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

/** Starts the sandbox; with `previous` (a hot update), its worker answers with this copy's modules. */
function startMock(sandboxOrigin: string, previous?: BrowserMock): Promise<void> {
  setStatus('starting');
  return Promise.all([import('@webmon/mock-server/browser'), import('msw')]).then(
    async ([{ reloadBrowserMock, startBrowserMock }, { http, passthrough }]) => {
      try {
        const mock = previous
          ? reloadBrowserMock(previous)
          : await startBrowserMock({ workerUrl: `${siteConfig.baseUrl}mockServiceWorker.js` });
        mock.worker.use(http.all(new RegExp(`^(?!${escapeRegExp(sandboxOrigin)}/)`), () => passthrough()));
        running = { mock, sandboxOrigin };
        setStatus('ready');
      } catch (error) {
        setStatus('failed');
        console.error('The sandbox (in-browser mock server) could not start:', error);
      }
    },
    (error: unknown) => {
      if (previous) {
        // A hot update whose modules do not load: the running copy goes on answering.
        setStatus('ready');
        console.error("The sandbox's new modules did not load; it answers with the previous ones:", error);
        return;
      }
      started = undefined;
      setStatus('not-loaded');
      console.error("The sandbox's mock server could not be loaded:", error);
    },
  );
}

/** No service worker API here (insecure origin, old browser): the sandbox cannot run. Cheap; loads nothing. */
export function checkSandboxSupport(): void {
  if (status === 'idle' && !(window.isSecureContext && 'serviceWorker' in navigator && navigator.serviceWorker))
    setStatus('unsupported');
}

/** Starts the sandbox once per page load for `sandboxOrigin`; later calls return the same promise. */
export function startInBrowserMock(sandboxOrigin: string): Promise<void> {
  checkSandboxSupport();
  if (status === 'unsupported') return Promise.resolve();
  started ??= startMock(sandboxOrigin);
  return started;
}

/**
 * Reset sandbox: every account's data is forgotten; the next call starts a
 * fresh seeded one. A sandbox not started yet is fresh already. False when
 * the sandbox cannot run.
 */
export async function resetSandbox(): Promise<boolean> {
  if (started) await started;
  if (status === 'idle') return true;
  if (!running) return false;
  running.mock.api.reset();
  return true;
}

/**
 * Under `pnpm dev`, a save that changes the mock's modules (its validators,
 * its route table) reaches this page as a hot update of them: a sandbox
 * already running would go on answering with the old modules (a reader's Send
 * of `timeout=70` still created the record after the bound became 60). This
 * module takes the update itself: its worker is given the new modules'
 * handlers and the readers' data (reloadBrowserMock, as the Node mock's
 * reload keeps them). Left to bubble up, the update reached Docusaurus's
 * client entry, which renders the whole app anew: the page flickered and the
 * try-it form emptied a second or two after the page had shown the edit.
 */
// Not `webpackHot?.accept(...)`: Rspack's production build turns that into a call of undefined.
if (import.meta.webpackHot) {
  import.meta.webpackHot.accept('@webmon/mock-server/browser', () => {
    if (running) started = startMock(running.sandboxOrigin, running.mock);
  });
}
