// The sandbox: @webmon/mock-server's pipeline running in this page, loaded on
// first use (it is most of the try-it's weight). Its account is kept in
// IndexedDB, so a reload and a second tab see the same records; where the
// browser keeps no IndexedDB (some private windows), in the page's memory,
// and the controls say so.
import type { Sandbox } from '@webmon/mock-server/browser';
import { shared } from './store.js';

export type SandboxStatus = 'idle' | 'starting' | 'ready' | 'not-loaded';

export interface RunningSandbox {
  sandbox: Sandbox;
  /** False when the records last only as long as the page (no IndexedDB here). */
  kept: boolean;
}

export const sandboxStatus = shared<SandboxStatus>('idle');
let running: Promise<RunningSandbox> | undefined;

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
  running = import('@webmon/mock-server/browser').then(
    async ({ createSandbox, indexedDbStore, memoryStore }) => {
      const store = await indexedDbStore(name).catch((error: unknown) => {
        console.warn('No IndexedDB here: the sandbox keeps its records for this page only.', error);
        return undefined;
      });
      const sandbox = createSandbox({ store: store ?? memoryStore() });
      setStatus('ready');
      return { sandbox, kept: store !== undefined };
    },
    (error: unknown) => {
      running = undefined;
      setStatus('not-loaded');
      throw error;
    },
  );
  return running;
}
