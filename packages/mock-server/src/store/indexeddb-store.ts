// The reader's sandbox in the browser: accounts in IndexedDB, so a reload
// keeps them, and every tab of the site shares them. Writes are serialised
// across tabs with the Web Locks API, and a BroadcastChannel tells the other
// tabs that something changed. Storage stays on the reader's machine.
import { type AccountStore, type SavedAccount, changedMeanwhile, keyedQueue } from './account-store.js';

const STORE = 'accounts';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error);
  });
}

function openDatabase(name: string): Promise<IDBDatabase> {
  const request = indexedDB.open(name, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return promised(request);
}

/**
 * `name` names the database, the lock and the channel: one per site (a base
 * path of its own gets its own). Fails, as a rejected promise, where the
 * browser keeps no IndexedDB (some private windows): use memoryStore there.
 */
export async function indexedDbStore(name: string): Promise<AccountStore> {
  const db = await openDatabase(name);
  const channel = new BroadcastChannel(name);
  const inTab = keyedQueue();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const transaction = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => {
    const tx = db.transaction(STORE, mode);
    const result = await promised(work(tx.objectStore(STORE)));
    // A write is kept once its transaction commits, not when its request succeeds.
    if (mode === 'readwrite') await committed(tx);
    return result;
  };
  return {
    // Within the tab first (cheap), then across tabs.
    exclusive: (token, work) => inTab(token, () => (locks ? locks.request(`${name} ${token}`, work) : work())),
    async read(token, held) {
      const saved = await transaction('readonly', (s) => s.get(token) as IDBRequest<SavedAccount | undefined>);
      return saved && saved.revision === held ? { revision: held, account: null } : saved;
    },
    async write(token, saved, expected) {
      // Compared and written in one transaction: no other tab's write comes between.
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const before = await promised(store.get(token) as IDBRequest<SavedAccount | undefined>);
      if (before?.revision !== expected) {
        tx.abort();
        throw changedMeanwhile();
      }
      store.put(saved, token);
      await committed(tx);
      channel.postMessage(token);
    },
    async remove(token) {
      await transaction('readwrite', (s) => s.delete(token));
      channel.postMessage(token);
    },
    async tokenOfKey(key) {
      // A page keeps one account or a few: a scan is enough.
      const store = db.transaction(STORE, 'readonly').objectStore(STORE);
      const [tokens, accounts] = await Promise.all([
        promised(store.getAllKeys()),
        promised(store.getAll() as IDBRequest<SavedAccount[]>),
      ]);
      const at = accounts.findIndex((saved) => saved.account.key === key);
      return at === -1 ? undefined : String(tokens[at]);
    },
    subscribe(listener) {
      const heard = (event: MessageEvent) => typeof event.data === 'string' && listener(event.data);
      channel.addEventListener('message', heard);
      return () => channel.removeEventListener('message', heard);
    },
    shared: true,
    async close() {
      channel.close();
      db.close();
    },
  };
}
