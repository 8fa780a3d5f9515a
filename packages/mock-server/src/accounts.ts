import { ApiError } from './api-error.js';
import type { Clock } from './clock.js';
import { hash } from './deterministic.js';
import type { Plan } from './rate-limit.js';

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
  /** Public key of the account in ping URLs: a hash, never the token itself. */
  key: string;
  plan: Plan;
  lastSeen: number;
  nextId: number;
  collections: Map<string, Map<string, StoredRecord>>;
}

export interface AccountLimits {
  /** Distinct tokens held at once; idle ones are dropped first. */
  maxAccounts: number;
  /** Records of one kind per token. */
  maxRecordsPerKind: number;
  /** A token unused this long may be dropped to make room. */
  idleMs: number;
}

export const DEFAULT_LIMITS: AccountLimits = { maxAccounts: 1000, maxRecordsPerKind: 1000, idleMs: 60 * 60 * 1000 };

/**
 * In-memory state, one account per token, so two readers of the docs never see
 * each other's checks. Memory is bounded: a cap on tokens and on records.
 */
export class Accounts {
  private readonly byToken = new Map<string, Account>();
  private readonly byKey = new Map<string, Account>();

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
    if (!account) {
      this.makeRoom(now);
      account = {
        key: hash(`account:${token}`).toString(36),
        plan: this.planOf(token),
        lastSeen: now,
        nextId: 1,
        collections: new Map(),
      };
      this.byToken.set(token, account);
      this.byKey.set(account.key, account);
      this.seed(account);
    }
    account.lastSeen = now;
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

  /** The next id no record of the account has (the seed places some ids out of order). */
  newId(account: Account): string {
    for (;;) {
      const id = String(1_000_000 + account.nextId++);
      let taken = false;
      for (const records of account.collections.values()) taken ||= records.has(id);
      if (!taken) return id;
    }
  }

  reset(): void {
    this.byToken.clear();
    this.byKey.clear();
  }

  get size(): number {
    return this.byToken.size;
  }

  private makeRoom(now: number): void {
    if (this.byToken.size < this.limits.maxAccounts) return;
    for (const [token, account] of this.byToken) {
      if (now - account.lastSeen >= this.limits.idleMs) {
        this.byToken.delete(token);
        this.byKey.delete(account.key);
      }
    }
    if (this.byToken.size >= this.limits.maxAccounts) {
      throw new ApiError(
        429,
        `This mock holds data for at most ${this.limits.maxAccounts} tokens and all are in use. Retry later, reuse a token, or restart the mock with a higher limit.`,
      );
    }
  }
}
