// The mock in a browser page: the same pipeline as the HTTP server, called as
// a `fetch` (no service worker, no network), its account kept in IndexedDB.
export { createSandbox, SANDBOX_TOKEN, type Sandbox, type SandboxOptions } from './sandbox.js';
export { indexedDbStore } from '../store/indexeddb-store.js';
export { memoryStore, type AccountStore, type SavedAccount } from '../store/account-store.js';
export type { AccountSnapshot } from '../store/snapshot.js';
export { ApiError } from '../api-error.js';
