// `--store`: which store keeps the accounts of the HTTP server, by URL. The
// server knows no more than this module's answer: an AccountStore.
import type { Clock } from '../clock.js';
import { type AccountStore, memoryStore } from './account-store.js';
import type { AccountLimits } from './accounts.js';

export interface StoreSettings {
  /** Key prefix (Redis): two sandboxes can share one Redis. */
  prefix?: string;
  /** An account idle this long is removed (Redis: by its TTL). */
  idleMs?: number;
  clock: Clock;
  limits: AccountLimits;
  log?: (line: string) => void;
}

/** `memory` (the default), or `redis://host:port/db` (`rediss://` for TLS). */
export async function openStore(url: string, settings: StoreSettings): Promise<AccountStore> {
  if (url === 'memory') return memoryStore();
  if (/^rediss?:\/\//.test(url)) {
    // Loaded only when asked for: the default needs nothing.
    const { redisStore } = await import('./redis-store.js');
    return redisStore(url, {
      prefix: settings.prefix,
      idleMs: settings.idleMs,
      clock: settings.clock,
      maxBytes: settings.limits.maxBytes,
      maxAccounts: settings.limits.maxAccounts,
      log: settings.log,
    });
  }
  throw new Error(`--store takes memory or redis://host:port/db, not ${url}`);
}
