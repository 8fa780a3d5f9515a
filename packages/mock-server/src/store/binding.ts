// The pipeline bound to a store: under the store's lock on a token, the
// account is read (imported into the in-memory pipeline when its revision is
// not the one memory holds), the work runs (a request routed, an export, an
// import), and the account is written back, before anything is answered, if
// the work changed it. The page's sandbox and the HTTP server with a shared
// store (Redis) both run requests through it.
import { ApiError } from '../api-error.js';
import type { MockApi } from '../mock-api.js';
import { HEARTBEAT_PING } from '../mock-api.js';
import type { MockRequest, MockResponse } from '../mock-request.js';
import { HAR_PATH } from '../har.js';
import { bearerToken } from '../parse-request.js';
import { type AccountStore, newRevision } from './account-store.js';

/** The revision memory holds for a token, its JSON (to tell whether work changed it) and public key. */
interface Held {
  revision: string;
  json: string;
  key: string;
}

export interface BindingOptions {
  /**
   * What to do with a kept account this version of the mock cannot read (a
   * field since removed): `reset` starts a fresh one (the reader's own page),
   * `fail` answers 500 and keeps it (a shared store: a newer instance may read it).
   */
  unreadable?: 'reset' | 'fail';
  /** Bytes of accounts' JSON memory keeps copies of, at most; the least recently used go first. Default: no bound. */
  maxHeldBytes?: number;
}

export class StoreBinding {
  /** In least-recently-used order. */
  private readonly held = new Map<string, Held>();
  private heldBytes = 0;
  private readonly unreadable: 'reset' | 'fail';
  private readonly maxHeldBytes: number;

  constructor(
    readonly store: AccountStore,
    /** The pipeline answering now (`pnpm dev` swaps it). */
    private readonly api: () => MockApi,
    options: BindingOptions = {},
  ) {
    this.unreadable = options.unreadable ?? 'fail';
    this.maxHeldBytes = options.maxHeldBytes ?? Number.POSITIVE_INFINITY;
  }

  /**
   * Runs `work` on the token's account as the store keeps it. Whatever fails,
   * memory's copy is dropped: the next request reads the store again, so
   * nothing is answered from a copy the store does not have.
   */
  run<T>(token: string, work: (api: MockApi) => Promise<T> | T): Promise<T> {
    return this.store.exclusive(token, async () => {
      try {
        await this.load(token);
        const result = await work(this.api());
        await this.save(token);
        return result;
      } catch (error) {
        this.forget(token);
        throw error;
      }
    });
  }

  /**
   * Answers an HTTP request: one that names an account (a bearer token, or a
   * ping or archive URL's public key) under that account's lock; any other
   * (a preflight, no token) straight away. A failure of the store (a 503 with
   * Retry-After) is answered in the API's error shape.
   */
  async route(request: MockRequest): Promise<MockResponse> {
    const api = this.api();
    try {
      const token = request.method === 'OPTIONS' ? null : await this.tokenOf(request);
      if (token === null) return await api.route(request);
      return await this.run(token, (current) => current.route(request));
    } catch (error) {
      if (!ApiError.is(error)) throw error;
      const answer = api.refuse(error.status, error.message);
      Object.assign(answer.headers, error.headers);
      return answer;
    }
  }

  /** Forgets memory's copy of the token's account. */
  forget(token: string): void {
    const held = this.held.get(token);
    if (held) {
      this.heldBytes -= held.json.length;
      this.held.delete(token);
    }
    this.api().dropAccount(token);
  }

  /** Forgets every copy (the pipeline was reset). */
  forgetAll(): void {
    this.held.clear();
    this.heldBytes = 0;
  }

  /** The account a request is about: its bearer token, or the owner of the public key in its URL. */
  private async tokenOf(request: MockRequest): Promise<string | null> {
    const key = HEARTBEAT_PING.exec(request.path)?.[1] ?? HAR_PATH.exec(request.path)?.[1];
    if (key === undefined) return bearerToken(request) || null;
    const token = await this.store.tokenOfKey(key);
    if (token !== undefined) return token;
    // Not in the store (expired, or never): memory must not answer from a copy.
    for (const [held, { key: heldKey }] of this.held) if (heldKey === key) this.forget(held);
    return null;
  }

  private async load(token: string): Promise<void> {
    const before = this.held.get(token);
    const saved = await this.store.read(token, before?.revision);
    if (before && saved?.revision === before.revision) {
      // Most recently used now.
      this.held.delete(token);
      this.held.set(token, before);
      return;
    }
    this.forget(token);
    if (!saved?.account) return;
    try {
      this.api().importAccount(token, saved.account);
    } catch (error) {
      if (this.unreadable === 'fail') {
        console.error(`The account kept for a token could not be read by this version of the mock:`, error);
        throw new ApiError(500, 'The account kept for this token could not be read by this version of the mock.');
      }
      // Written by an older description (a field since removed): it cannot be served.
      console.warn('The saved sandbox could not be read; a fresh one starts.', error);
      await this.store.remove(token);
      return;
    }
    this.hold(token, { revision: saved.revision, json: JSON.stringify(saved.account), key: saved.account.key });
  }

  private async save(token: string): Promise<void> {
    const account = this.api().peekAccount(token);
    if (!account) return;
    const json = JSON.stringify(account);
    const before = this.held.get(token);
    if (json === before?.json) return;
    const revision = newRevision();
    await this.store.write(token, { revision, account }, before?.revision);
    this.hold(token, { revision, json, key: account.key });
  }

  private hold(token: string, held: Held): void {
    const before = this.held.get(token);
    if (before) this.heldBytes -= before.json.length;
    this.held.delete(token);
    this.held.set(token, held);
    this.heldBytes += held.json.length;
    for (const [oldest] of this.held) {
      if (this.heldBytes <= this.maxHeldBytes || oldest === token) break;
      this.forget(oldest);
    }
  }
}
