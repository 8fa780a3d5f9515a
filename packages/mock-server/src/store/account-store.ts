// Where an account is kept between requests when one process's memory is not
// enough: the reader's page across reloads and tabs (IndexedDB), and, for a
// hosted sandbox, Redis, shared by many processes. The pipeline works on the
// in-memory Accounts; a store is read before a request and written after one
// that changed the account (binding.ts), under a lock on that account that no
// other user of the store holds meanwhile.
import { ApiError } from '../api-error.js';
import type { RateWindows } from '../rate-limit.js';
import type { AccountSnapshot } from './snapshot.js';

/** A saved account and the revision that wrote it (unique per write, across tabs and processes). */
export interface SavedAccount {
  revision: string;
  account: AccountSnapshot;
}

/** What read() finds: the account, or only its revision when that is the one the caller holds. */
export type ReadAccount = SavedAccount | { revision: string; account: null };

export interface AccountStore {
  /**
   * Runs `work` while no other user of the same store (another tab, another
   * process) runs theirs on the same token. Rejects, with a 503 ApiError, when
   * the store cannot be reached or the lock not had in time.
   */
  exclusive<T>(token: string, work: () => Promise<T>): Promise<T>;
  /**
   * The token's account. When its revision is `held`, the account may be left
   * out (`account: null`): the caller has it. Reading an account keeps it alive
   * where accounts expire when idle (Redis).
   */
  read(token: string, held?: string): Promise<ReadAccount | undefined>;
  /**
   * Keeps `saved` if the revision stored is still `expected` (undefined: none
   * stored), within exclusive(token): resolves once it is kept, and an answer
   * is only given after this. Rejects with an ApiError otherwise (a 503 when
   * another writer came first, a 429 when the store's budgets are full).
   */
  write(token: string, saved: SavedAccount, expected: string | undefined): Promise<void>;
  remove(token: string): Promise<void>;
  /** The token whose account has this public key (heartbeat ping and archive URLs). */
  tokenOfKey(key: string): Promise<string | undefined>;
  /** Hears of changes made by the other users of the store, not its own (where the store can tell). */
  subscribe(listener: (token: string) => void): () => void;
  /** Rate-limit windows shared by every process using the store; without, each process counts its own. */
  readonly rateWindows?: RateWindows;
  /** Whether accounts outlive this process's memory, so memory is only a copy (bounded apart). */
  readonly shared: boolean;
  close(): Promise<void>;
}

/** A new revision id: 64 random bits, so two writers never name theirs alike. */
export function newRevision(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let id = '';
  for (const byte of bytes) id += byte.toString(16).padStart(2, '0');
  return id;
}

/** A write refused because another writer saved the account since it was read. */
export function changedMeanwhile(): ApiError {
  return new ApiError(
    503,
    'This account was changed by another request while this one ran; nothing was changed. Retry.',
    {},
    { 'retry-after': '1' },
  );
}

/** Runs async work one at a time, in order: the lock of a store used by one process. */
export function serialQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** One serial queue per key, forgotten once idle: a per-token lock within one process. */
export function keyedQueue(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return (key, work) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => tails.get(key) === tail && tails.delete(key));
    return run;
  };
}

/** The default: the accounts live in this process only (tests, `npx @webmon/mock-server`). */
export function memoryStore(): AccountStore {
  const saved = new Map<string, SavedAccount>();
  const tokens = new Map<string, string>();
  return {
    exclusive: keyedQueue(),
    async read(token, held) {
      const account = saved.get(token);
      if (!account) return undefined;
      return account.revision === held ? { revision: held, account: null } : structuredClone(account);
    },
    async write(token, account, expected) {
      const before = saved.get(token);
      if (before?.revision !== expected) throw changedMeanwhile();
      if (before) tokens.delete(before.account.key);
      saved.set(token, structuredClone(account));
      tokens.set(account.account.key, token);
    },
    async remove(token) {
      const before = saved.get(token);
      if (before) tokens.delete(before.account.key);
      saved.delete(token);
    },
    tokenOfKey: async (key) => tokens.get(key),
    subscribe: () => () => undefined,
    shared: false,
    close: async () => undefined,
  };
}
