import { ApiError } from './api-error.js';
import type { Clock } from './clock.js';
import type { Plan } from './rate-limit.js';
import { bytesAfterUpdate, recordBytes } from './record-size.js';

/** Server-side facts about a record that the API does not return as fields. */
export interface RecordMeta {
  createdAt: number;
  /** Times the check ran: [start, end) spans, end null while it still runs (not paused). */
  activeSpans: [number, number | null][];
  /** Heartbeat: when the last ping arrived. */
  lastPingAt: number | null;
  /** Request-only fields kept for behaviour (regions, region, status_codes_csv, basic auth). */
  writeOnly: Record<string, unknown>;
  /** The last computed read-time fields, valid for that time and origin only (see records.ts). */
  view?: { now: number; origin: string; fields: Record<string, unknown> };
}

export interface StoredRecord {
  data: Record<string, unknown>;
  meta: RecordMeta;
}

export interface Account {
  /**
   * Public key of the account in ping URLs: 128 random bits, so nobody can
   * guess another reader's URL or make two tokens share one (it was a 32-bit
   * hash of the token, and colliding tokens are found in a fraction of a second).
   */
  key: string;
  plan: Plan;
  lastSeen: number;
  nextId: number;
  collections: Map<string, Map<string, StoredRecord>>;
  /** Estimated bytes held: the records' (record-size.ts) plus the account's own. */
  bytes: number;
}

export interface AccountLimits {
  /** Distinct tokens held at once; the least recently used idle one makes room for a new one. */
  maxAccounts: number;
  /** Records of one kind per token. */
  maxRecordsPerKind: number;
  /** Bytes of records per token (as UTF-8 JSON, plus a fixed share per record; see record-size.ts). */
  maxBytesPerAccount: number;
  /** A token with no request for this long is idle: its data may be dropped to make room for a new token. */
  idleMs: number;
}

/**
 * Memory is bounded in bytes: at most maxAccounts × maxBytesPerAccount of
 * records (256 MiB), whatever readers send; bench/flood.mjs shows the process
 * staying under 512 MB.
 */
export const DEFAULT_LIMITS: AccountLimits = {
  maxAccounts: 1000,
  maxRecordsPerKind: 1000,
  maxBytesPerAccount: 256 * 1024,
  idleMs: 10 * 60 * 1000,
};

/** What an empty account costs (its maps and counters). */
const ACCOUNT_OVERHEAD_BYTES = 2048;
/** Moving an account to the recent end of the LRU order at most this often keeps the hot path cheap. */
const TOUCH_EVERY_MS = 1000;

/** 128 random bits as hex, from the platform's CSPRNG (Node 20 and browsers alike). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let key = '';
  for (const byte of bytes) key += byte.toString(16).padStart(2, '0');
  return key;
}

/**
 * In-memory state, one account per token, so two readers of the docs never see
 * each other's checks. Keyed by the whole token (a Map: no hash to collide, no
 * prototype keys). Memory is bounded in bytes: a cap on tokens (the least
 * recently used idle one is dropped for a newcomer), on records per kind and on
 * bytes per token.
 */
export class Accounts {
  /** In least-recently-used order: the first entry is the one to drop first. */
  private readonly byToken = new Map<string, Account>();
  private readonly byKey = new Map<string, Account>();
  private readonly sizes = new WeakMap<StoredRecord, number>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: AccountLimits,
    private readonly planOf: (token: string) => Plan,
    private readonly seed: (account: Account) => void,
  ) {}

  /** The token's account, created (and seeded) on first use. */
  open(token: string): Account {
    const now = this.clock.now();
    let account = this.byToken.get(token);
    if (account) {
      if (now - account.lastSeen >= TOUCH_EVERY_MS) {
        this.byToken.delete(token);
        this.byToken.set(token, account);
      }
      account.lastSeen = now;
      return account;
    }
    this.makeRoom(now);
    let key = randomKey();
    while (this.byKey.has(key)) key = randomKey();
    account = {
      key,
      plan: this.planOf(token),
      lastSeen: now,
      nextId: 1,
      collections: new Map(),
      bytes: ACCOUNT_OVERHEAD_BYTES,
    };
    this.byToken.set(token, account);
    this.byKey.set(key, account);
    this.seed(account);
    return account;
  }

  byPublicKey(key: string): Account | undefined {
    return this.byKey.get(key);
  }

  collection(account: Account, kind: string): Map<string, StoredRecord> {
    let records = account.collections.get(kind);
    if (!records) account.collections.set(kind, (records = new Map()));
    return records;
  }

  /** Room for one more record of this kind, or a clear 409. */
  ensureRoom(account: Account, kind: string, noun: string): void {
    if (this.collection(account, kind).size >= this.limits.maxRecordsPerKind) {
      throw new ApiError(
        409,
        `This mock keeps at most ${this.limits.maxRecordsPerKind} ${noun}s per token. Delete some, or reset the mock.`,
      );
    }
  }

  /** Stores a new record if the token's byte budget has room for it, or answers a clear 409. */
  add(account: Account, kind: string, id: string, record: StoredRecord): void {
    const size = recordBytes(record);
    this.refuseOverBudget(account.bytes + size);
    this.sizes.set(record, size);
    account.bytes += size;
    this.collection(account, kind).set(id, record);
  }

  /** Before an update: 409 if the record with `sent` applied would not fit the budget. */
  ensureRoomForUpdate(account: Account, record: StoredRecord, sent: Record<string, unknown>): void {
    this.refuseOverBudget(account.bytes - (this.sizes.get(record) ?? 0) + bytesAfterUpdate(record, sent));
  }

  /** After a record changed: its cost counted anew. */
  resized(account: Account, record: StoredRecord): void {
    const size = recordBytes(record);
    account.bytes += size - (this.sizes.get(record) ?? 0);
    this.sizes.set(record, size);
  }

  remove(account: Account, kind: string, id: string): void {
    const records = this.collection(account, kind);
    const record = records.get(id);
    if (!record) return;
    account.bytes -= this.sizes.get(record) ?? 0;
    records.delete(id);
  }

  newId(account: Account): string {
    return String(1_000_000 + account.nextId++);
  }

  reset(): void {
    this.byToken.clear();
    this.byKey.clear();
  }

  get size(): number {
    return this.byToken.size;
  }

  private refuseOverBudget(bytes: number): void {
    if (bytes <= this.limits.maxBytesPerAccount) return;
    const kib = (n: number) => `${Math.ceil(n / 1024)} KiB`;
    throw new ApiError(
      409,
      `This mock keeps at most ${kib(this.limits.maxBytesPerAccount)} of data per token; this change would make it ${kib(bytes)}. Delete some records or send shorter values.`,
    );
  }

  /**
   * Makes room for one more token: drops the least recently used accounts that
   * are idle. If none is, a 429 says when the first will be.
   */
  private makeRoom(now: number): void {
    for (const [token, account] of this.byToken) {
      if (this.byToken.size < this.limits.maxAccounts) return;
      const idleFor = now - account.lastSeen;
      if (idleFor < this.limits.idleMs) {
        const retryAfter = Math.max(1, Math.ceil((this.limits.idleMs - idleFor) / 1000));
        throw new ApiError(
          429,
          `This mock holds data for at most ${this.limits.maxAccounts} tokens, and all were used in the last ${Math.round(this.limits.idleMs / 60_000)} minutes. Retry in ${retryAfter} s, or reuse a token.`,
          {},
          { 'retry-after': String(retryAfter) },
        );
      }
      this.byToken.delete(token);
      this.byKey.delete(account.key);
    }
  }
}
