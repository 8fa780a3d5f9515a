// The reader's sandbox in the browser: accounts in IndexedDB, so a reload
// keeps them, and every tab of the site shares them. Writes are serialised
// across tabs with the Web Locks API, and a BroadcastChannel tells the other
// tabs that something changed. Storage stays on the reader's machine.
import { type AccountStore, type SavedAccount, serialQueue } from './account-store.js';

const STORE = 'accounts';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
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
  const inTab = serialQueue();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const transaction = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => {
    const tx = db.transaction(STORE, mode);
    const result = await promised(work(tx.objectStore(STORE)));
    // A write is kept once its transaction commits, not when its request succeeds.
    if (mode === 'readwrite')
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = tx.onabort = () => reject(tx.error);
      });
    return result;
  };
  return {
    // Within the tab first (cheap), then across tabs.
    exclusive: (work) => inTab(() => (locks ? locks.request(name, work) : work())),
    read: (token) => transaction('readonly', (s) => s.get(token) as IDBRequest<SavedAccount | undefined>),
    async write(token, saved) {
      await transaction('readwrite', (s) => s.put(saved, token));
      channel.postMessage(token);
    },
    async remove(token) {
      await transaction('readwrite', (s) => s.delete(token));
      channel.postMessage(token);
    },
    subscribe(listener) {
      const heard = (event: MessageEvent) => typeof event.data === 'string' && listener(event.data);
      channel.addEventListener('message', heard);
      return () => channel.removeEventListener('message', heard);
    },
  };
}
