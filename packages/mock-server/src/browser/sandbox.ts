// The mock in the page, as a `fetch`: the try-it sends its requests here, and
// nothing goes to the network, whatever the browser allows (no service worker:
// private windows and locked-down browsers refuse those). The account is read
// from the store before each request and written back after one that changed
// it, under the store's lock, so a reload or a second tab sees the same data.
import { ApiError } from '../api-error.js';
import { fromFetchRequest, toFetchResponse } from '../fetch-adapter.js';
import { MockApi, type MockOptions } from '../mock-api.js';
import { type AccountStore, memoryStore, newRevision } from '../store/account-store.js';
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
  /** The revision the memory holds, and its JSON (to tell whether a request changed it). */
  let held: { revision: string; json: string } | undefined;

  async function load(): Promise<void> {
    const saved = await store.read(token);
    if (saved?.revision === held?.revision) return;
    held = undefined;
    api.dropAccount(token);
    if (!saved) return;
    try {
      api.importAccount(token, saved.account);
      held = { revision: saved.revision, json: JSON.stringify(saved.account) };
    } catch (error) {
      // Written by an older description (a field since removed): it cannot be served.
      console.warn('The saved sandbox could not be read; a fresh one starts.', error);
      await store.remove(token);
    }
  }

  async function save(): Promise<void> {
    const account = api.peekAccount(token);
    if (!account) return;
    const json = JSON.stringify(account);
    if (json === held?.json) return;
    const revision = newRevision();
    await store.write(token, { revision, account });
    held = { revision, json };
  }

  return {
    token,
    fetch(input, init) {
      const request = new Request(input, init);
      return store.exclusive(async () => {
        await load();
        const answer = await api.route(fromFetchRequest(request));
        await save();
        return toFetchResponse(answer);
      });
    },
    reset: () =>
      store.exclusive(async () => {
        api.reset();
        held = undefined;
        await store.remove(token);
      }),
    exportState: () =>
      store.exclusive(async () => {
        await load();
        const account = api.exportAccount(token);
        await save();
        return account;
      }),
    importState: (snapshot) =>
      store.exclusive(async () => {
        await load();
        try {
          api.importAccount(token, snapshot);
        } catch (error) {
          // Memory may have lost the account: read it again from the store next time.
          held = undefined;
          throw error;
        }
        await save();
      }),
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
