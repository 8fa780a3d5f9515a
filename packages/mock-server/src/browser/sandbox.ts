// The mock in the page, as a `fetch`: the try-it sends its requests here, and
// nothing goes to the network, whatever the browser allows (no service worker:
// private windows and locked-down browsers refuse those). The account is read
// from the store before each request and written back after one that changed
// it, under the store's lock (store/binding.ts), so a reload or a second tab
// sees the same data.
import { ApiError } from '../api-error.js';
import { fromFetchRequest, toFetchResponse } from '../fetch-adapter.js';
import { MockApi, type MockOptions } from '../mock-api.js';
import { type AccountStore, memoryStore } from '../store/account-store.js';
import { StoreBinding } from '../store/binding.js';
import type { AccountSnapshot } from '../store/snapshot.js';

export interface SandboxOptions extends MockOptions {
  /** Where the account is kept. Default: this page's memory (gone on reload). */
  store?: AccountStore;
  /** The one token the sandbox keeps. Default: `sandbox`. */
  token?: string;
}

export interface Sandbox {
  readonly token: string;
  /** Answers like the API (any URL; routed by its path below `/v1`), never the network. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** A fresh, seeded account; the next request starts it. */
  reset(): Promise<void>;
  /** The account as JSON-ready data, to save to a file. */
  exportState(): Promise<AccountSnapshot>;
  /** Replaces the account with an exported one, or throws an ApiError saying what is wrong (nothing changed). */
  importState(snapshot: unknown): Promise<void>;
  /** Another tab changed the account. */
  subscribe(listener: () => void): () => void;
  /** Only the documented wire forms (`--strict-wire`): the next requests get the guide's 400s for anything else. */
  strictWire: boolean;
}

export const SANDBOX_TOKEN = 'sandbox';

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const { store = memoryStore(), token = SANDBOX_TOKEN, ...mockOptions } = options;
  const api = new MockApi(mockOptions);
  const binding = new StoreBinding(store, () => api, { unreadable: 'reset' });

  return {
    token,
    fetch(input, init) {
      const request = new Request(input, init);
      return binding.run(token, async (current) => toFetchResponse(await current.route(fromFetchRequest(request))));
    },
    reset: () =>
      store.exclusive(token, async () => {
        api.reset();
        binding.forgetAll();
        await store.remove(token);
      }),
    exportState: () => binding.run(token, (current) => current.exportAccount(token)),
    importState: (snapshot) => binding.run(token, (current) => current.importAccount(token, snapshot)),
    subscribe: (listener) => store.subscribe((changed) => changed === token && listener()),
    get strictWire() {
      return api.strictWire;
    },
    set strictWire(on) {
      api.strictWire = on;
    },
  };
}

export { ApiError };
