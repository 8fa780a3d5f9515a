import { ApiError } from '../api-error.js';
import type { Clock } from '../clock.js';
import type { Plan } from '../rate-limit.js';
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
  /**
   * How far the account's sandbox clock runs ahead of the mock's, in
   * milliseconds (sandbox-clock.ts): `POST /sandbox/clock` moves it on.
   */
  clockOffsetMs: number;
  collections: Map<string, Map<string, StoredRecord>>;
  /** Estimated bytes held: the records' (record-size.ts) plus the account's own. */
  bytes: number;
}

export interface AccountLimits {
  /** Distinct tokens held at once; the least recently used idle one makes room for a new one. */
  maxAccounts: number;
  /** Records of one kind per token. */
  maxRecordsPerKind: number;
  /** Bytes of records per token (their JSON, plus a fixed share per record; see record-size.ts). */
  maxBytesPerAccount: number;
  /** Bytes of all tokens' records together; the least recently used idle accounts make room. */
  maxBytes: number;
  /** A token with no request for this long is idle: its data may be dropped to make room for a new token. */
  idleMs: number;
}

/**
 * Memory is bounded in bytes, whatever readers send: 256 KiB per token (the
 * largest uptime check the spec allows fits) and 128 MiB in all, which
 * bench/flood.mjs shows keeps the process under 512 MB.
 */
export const DEFAULT_LIMITS: AccountLimits = {
  maxAccounts: 1000,
  maxRecordsPerKind: 1000,
  maxBytesPerAccount: 256 * 1024,
  maxBytes: 128 * 1024 * 1024,
  idleMs: 10 * 60 * 1000,
};

/** What an empty account costs (its maps and counters). */
const ACCOUNT_OVERHEAD_BYTES = 2048;
/** Room made before seeding a new account (the seed takes about 22 KiB). */
const SEED_RESERVE_BYTES = 64 * 1024;
/** Moving an account to the recent end of the LRU order at most this often keeps the hot path cheap. */
const TOUCH_EVERY_MS = 1000;

/** 128 random bits as hex, from the platform's CSPRNG (Node 20 and browsers alike). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let key = '';
  for (const byte of bytes) key += byte.toString(16).padStart(2, '0');
  return key;
}

const kib = (bytes: number) => `${Math.ceil(bytes / 1024)} KiB`;

/**
 * In-memory state, one account per token, so two readers of the docs never see
 * each other's checks. Keyed by the whole token (a Map: no hash to collide, no
 * prototype keys). Memory is bounded in bytes: caps on tokens, on records per
 * kind, on bytes per token and on bytes in all. When a cap on tokens or total
 * bytes is reached, the least recently used idle accounts are dropped; only
 * when none is idle is the newcomer told (429) when to come back.
 */
export class Accounts {
  /** In least-recently-used order: the first entry is the one to drop first. */
  private readonly byToken = new Map<string, Account>();
  private readonly byKey = new Map<string, Account>();
  private readonly sizes = new WeakMap<StoredRecord, number>();
  private totalBytes = 0;
  /** While a new account is seeded (room was made for it beforehand). */
  private seeding = false;

  constructor(
    private readonly clock: Clock,
    private readonly limits: AccountLimits,
    private readonly planOf: (token: string) => Plan,
    private seed: (account: Account) => void,
  ) {}

  /**
   * Hands the accounts to a pipeline built from a reloaded description
   * (`pnpm dev`): new tokens are seeded by it, and every record's memoised
   * read view is dropped, since read-time fields may follow the new spec.
   */
  adoptedBy(seed: (account: Account) => void): void {
    this.seed = seed;
    for (const account of this.byToken.values())
      for (const records of account.collections.values())
        for (const record of records.values()) record.meta.view = undefined;
  }

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
    this.makeRoom(now, 1, ACCOUNT_OVERHEAD_BYTES + SEED_RESERVE_BYTES, undefined);
    let key = randomKey();
    while (this.byKey.has(key)) key = randomKey();
    account = {
      key,
      plan: this.planOf(token),
      lastSeen: now,
      nextId: 1,
      clockOffsetMs: 0,
      collections: new Map(),
      bytes: ACCOUNT_OVERHEAD_BYTES,
    };
    this.byToken.set(token, account);
    this.byKey.set(key, account);
    this.totalBytes += account.bytes;
    this.seeding = true;
    try {
      this.seed(account);
    } finally {
      this.seeding = false;
    }
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

  /** Stores a new record if the budgets have room for it, or answers a clear 409 (or 429, see makeRoom). */
  add(account: Account, kind: string, id: string, record: StoredRecord): void {
    const size = recordBytes(record);
    this.ensureBytes(account, size);
    this.sizes.set(record, size);
    account.bytes += size;
    this.totalBytes += size;
    this.collection(account, kind).set(id, record);
  }

  /** Before an update: refused if the record with `sent` applied would not fit the budgets. */
  ensureRoomForUpdate(account: Account, record: StoredRecord, sent: Record<string, unknown>): void {
    this.ensureBytes(account, bytesAfterUpdate(record, sent) - (this.sizes.get(record) ?? 0));
  }

  /** After a record changed: its cost counted anew. */
  resized(account: Account, record: StoredRecord): void {
    const size = recordBytes(record);
    const growth = size - (this.sizes.get(record) ?? 0);
    account.bytes += growth;
    this.totalBytes += growth;
    this.sizes.set(record, size);
  }

  remove(account: Account, kind: string, id: string): void {
    const records = this.collection(account, kind);
    const record = records.get(id);
    if (!record) return;
    const size = this.sizes.get(record) ?? 0;
    account.bytes -= size;
    this.totalBytes -= size;
    records.delete(id);
  }

  /** The next id no record of the account has (the seed places some ids out of order). */
  newId(account: Account): string {
    for (;;) {
      const id = String(1_000_000 + account.nextId++);
      let taken = false;
      for (const records of account.collections.values()) taken ||= records.has(id);
      if (!taken) return id;
    }
  }

  /** The token's account, if it has one, without opening or touching it. */
  peek(token: string): Account | undefined {
    return this.byToken.get(token);
  }

  /**
   * Puts `account` in place of the token's own (a saved state read back:
   * store/snapshot.ts). Its records are sized anew and held to the budgets; a
   * public key another token already uses is replaced by a fresh one.
   */
  replace(token: string, account: Account): void {
    let bytes = ACCOUNT_OVERHEAD_BYTES;
    for (const records of account.collections.values()) {
      if (records.size > this.limits.maxRecordsPerKind)
        throw new ApiError(409, `A saved state holds more than ${this.limits.maxRecordsPerKind} records of one kind.`);
      for (const record of records.values()) {
        const size = recordBytes(record);
        this.sizes.set(record, size);
        bytes += size;
      }
    }
    if (bytes > this.limits.maxBytesPerAccount)
      throw new ApiError(
        409,
        `A saved state of ${kib(bytes)} is over this mock's ${kib(this.limits.maxBytesPerAccount)} per token.`,
      );
    this.drop(token);
    this.makeRoom(this.clock.now(), 1, bytes, undefined);
    while (this.byKey.has(account.key)) account.key = randomKey();
    account.bytes = bytes;
    account.lastSeen = this.clock.now();
    this.byToken.set(token, account);
    this.byKey.set(account.key, account);
    this.totalBytes += bytes;
  }

  /** Forgets one token's account. */
  drop(token: string): void {
    const account = this.byToken.get(token);
    if (!account) return;
    this.byToken.delete(token);
    this.byKey.delete(account.key);
    this.totalBytes -= account.bytes;
  }

  reset(): void {
    this.byToken.clear();
    this.byKey.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.byToken.size;
  }

  /** Bytes held by every account together (record-size.ts estimates). */
  get bytes(): number {
    return this.totalBytes;
  }

  /** Room for `growth` more bytes in the account (a 409 past its budget) and in all (makeRoom). */
  private ensureBytes(account: Account, growth: number): void {
    if (growth <= 0) return;
    const after = account.bytes + growth;
    if (after > this.limits.maxBytesPerAccount) {
      throw new ApiError(
        409,
        `This mock keeps at most ${kib(this.limits.maxBytesPerAccount)} of data per token; this change would make it ${kib(after)}. Delete some records or send shorter values.`,
      );
    }
    if (!this.seeding) this.makeRoom(this.clock.now(), 0, growth, account);
  }

  /**
   * Makes room for `accounts` more tokens and `bytes` more bytes by dropping the
   * least recently used idle accounts (never `keep`, the one asking). If that is
   * not enough, a 429 says when the first of the others will be idle.
   */
  private makeRoom(now: number, accounts: number, bytes: number, keep: Account | undefined): void {
    const fits = () =>
      this.byToken.size + accounts <= this.limits.maxAccounts && this.totalBytes + bytes <= this.limits.maxBytes;
    for (const [token, account] of this.byToken) {
      if (fits()) return;
      if (account === keep) continue;
      const idleFor = now - account.lastSeen;
      if (idleFor < this.limits.idleMs) {
        const retryAfter = Math.max(1, Math.ceil((this.limits.idleMs - idleFor) / 1000));
        const minutes = Math.round(this.limits.idleMs / 60_000);
        const full =
          this.byToken.size + accounts > this.limits.maxAccounts
            ? `holds data for at most ${this.limits.maxAccounts} tokens`
            : `holds at most ${kib(this.limits.maxBytes)} of data in all`;
        throw new ApiError(
          429,
          `This mock ${full}, and all were used in the last ${minutes} minutes. Retry in ${retryAfter} s, or reuse a token.`,
          {},
          { 'retry-after': String(retryAfter) },
        );
      }
      this.byToken.delete(token);
      this.byKey.delete(account.key);
      this.totalBytes -= account.bytes;
    }
    if (!fits()) {
      throw new ApiError(
        429,
        'This mock has no room left for more data. Retry later, or reuse a token.',
        {},
        {
          'retry-after': String(Math.ceil(this.limits.idleMs / 1000)),
        },
      );
    }
  }
}
