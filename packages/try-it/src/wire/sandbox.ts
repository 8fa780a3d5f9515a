// The sandbox: @webmon/mock-server's pipeline running in this page, loaded on
// first use (it is most of the try-it's weight). Its account is kept in
// IndexedDB, so a reload and a second tab see the same records; where the
// browser keeps no IndexedDB (some private windows), in the page's memory,
// and the controls say so.
import type { AccountStore, Sandbox } from '@webmon/mock-server/browser';
import { shared } from './store.js';

export type SandboxModule = typeof import('@webmon/mock-server/browser');

export type SandboxStatus = 'idle' | 'starting' | 'ready' | 'not-loaded';

export interface RunningSandbox {
  sandbox: Sandbox;
  /** False when the records last only as long as the page (no IndexedDB here). */
  kept: boolean;
}

export const sandboxStatus = shared<SandboxStatus>('idle');
let running: Promise<RunningSandbox> | undefined;
/** The store the running sandbox keeps its account in: a new copy of the mock's modules takes it over. */
let kept: { store: AccountStore; persistent: boolean } | undefined;
let load: () => Promise<SandboxModule> = () => import('@webmon/mock-server/browser');

function setStatus(status: SandboxStatus): void {
  sandboxStatus.set(status);
  if (typeof document !== 'undefined') document.documentElement.dataset.tryItSandbox = status;
}

/**
 * Starts the sandbox once per page (later calls share it). `name` names its
 * database: one per site, so two sites on one origin keep theirs apart.
 */
export function startSandbox(name: string): Promise<RunningSandbox> {
  if (running) return running;
  setStatus('starting');
  running = load().then(
    async ({ createSandbox, indexedDbStore, memoryStore }) => {
      if (!kept) {
        const store = await indexedDbStore(name).catch((error: unknown) => {
          console.warn('No IndexedDB here: the sandbox keeps its records for this page only.', error);
          return undefined;
        });
        kept = { store: store ?? memoryStore(), persistent: store !== undefined };
      }
      const sandbox = createSandbox({ store: kept.store });
      setStatus('ready');
      return { sandbox, kept: kept.persistent };
    },
    (error: unknown) => {
      running = undefined;
      setStatus('not-loaded');
      throw error;
    },
  );
  return running;
}

/**
 * Where the mock's modules come from. A host with hot updates (the portal
 * under `pnpm dev`) passes its own `import()` so that it can accept an
 * update of them, then calls `reloadSandbox`.
 */
export function loadSandboxWith(loader: () => Promise<SandboxModule>): void {
  load = loader;
}

/** A sandbox already running starts again from the (new) modules, with the same store: the reader's records stay. */
export function reloadSandbox(name: string): void {
  if (!running) return;
  running = undefined;
  void startSandbox(name).catch((error: unknown) => console.error("The sandbox's new modules did not load:", error));
}
