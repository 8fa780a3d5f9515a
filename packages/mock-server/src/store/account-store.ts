// Where an account is kept between requests when one process's memory is not
// enough: the reader's page across reloads and tabs (IndexedDB), and, for a
// hosted sandbox, a store shared by many processes. The pipeline works on the
// in-memory Accounts; a store is read before a request and written after one
// that changed the account, under a lock that no other writer holds.
import type { AccountSnapshot } from './snapshot.js';

/** A saved account and the revision that wrote it (unique per write, across tabs and processes). */
export interface SavedAccount {
  revision: string;
  account: AccountSnapshot;
}

export interface AccountStore {
  /** Runs `work` while no other user of the same store (another tab, another process) runs theirs. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  read(token: string): Promise<SavedAccount | undefined>;
  /** Resolves once the account is kept: an answer is only given after this. */
  write(token: string, saved: SavedAccount): Promise<void>;
  remove(token: string): Promise<void>;
  /** Hears of changes made by the other users of the store, not its own. */
  subscribe(listener: (token: string) => void): () => void;
}

/** A new revision id: 64 random bits, so two writers never name theirs alike. */
export function newRevision(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let id = '';
  for (const byte of bytes) id += byte.toString(16).padStart(2, '0');
  return id;
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

/** The default: the accounts live in this process only (tests, `npx @webmon/mock-server`). */
export function memoryStore(): AccountStore {
  const saved = new Map<string, SavedAccount>();
  return {
    exclusive: serialQueue(),
    read: async (token) => saved.get(token),
    write: async (token, account) => void saved.set(token, structuredClone(account)),
    remove: async (token) => void saved.delete(token),
    subscribe: () => () => undefined,
  };
}
