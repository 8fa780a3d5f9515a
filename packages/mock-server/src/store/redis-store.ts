// Accounts in Redis, for a hosted sandbox: any number of mock processes with
// the same Redis (and prefix) serve the same accounts. Each request takes the
// account's lock, reads its revision (the JSON only when memory's copy is
// older), and a changed account is written back by a Lua script that checks
// the lock and the revision, counts the global byte budget and sets the TTL,
// all at once, before the answer leaves. Rate-limit windows are counted by a
// script too. Node only (ioredis); the browser never loads this file.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { ApiError } from '../api-error.js';
import type { Clock } from '../clock.js';
import type { RateWindows, WindowFull } from '../rate-limit.js';
import { type AccountStore, changedMeanwhile, keyedQueue, newRevision } from './account-store.js';
import type { AccountSnapshot } from './snapshot.js';

export interface RedisStoreOptions {
  /** Prepended to every key, so two sandboxes can share one Redis. Default `webmon-mock:`. */
  prefix?: string;
  /** An account with no request for this long is removed by Redis (its TTL). Default 7 days. */
  idleMs?: number;
  /** Where TTLs are counted from (PEXPIREAT now + idleMs); tests inject a ManualClock. */
  clock: Clock;
  /** Bytes of accounts' JSON in Redis, all tokens together: past it, a write that grows is refused (429). */
  maxBytes: number;
  /** Accounts held at once. */
  maxAccounts: number;
  /** How long a lock is held without renewal: what a killed process makes others wait, at most. Default 5 s. */
  lockLeaseMs?: number;
  /** How long a request waits for an account's lock before a 503. Default 15 s. */
  lockWaitMs?: number;
  /** How long one Redis command may take before the request answers 503. Default 3 s. */
  commandTimeoutMs?: number;
  /** Told when Redis goes away and comes back. Default: stderr. */
  log?: (line: string) => void;
}

export const DEFAULT_PREFIX = 'webmon-mock:';
export const DEFAULT_IDLE_MS = 7 * 24 * 3600 * 1000;

// KEYS: account, expiries. ARGV: held revision, expire-at (ms), account id, prefix.
// Returns nothing (no account), {rev} (memory holds it) or {rev, json}; keeps the account alive.
const READ = `
local f = redis.call('HMGET', KEYS[1], 'rev', 'key')
if not f[1] then return false end
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
redis.call('PEXPIREAT', ARGV[4] .. 'key:' .. f[2], ARGV[2])
redis.call('ZADD', KEYS[2], 'XX', ARGV[2], ARGV[3])
if f[1] == ARGV[1] then return {f[1]} end
return {f[1], redis.call('HGET', KEYS[1], 'json')}
`;

// Retires the accounts Redis has expired from the budget, oldest expiry first
// (their bytes leave the total); stops at the first that still exists.
const RETIRE = `
local function retire(sizes, expiries, total, prefix)
  for _ = 1, 64 do
    local first = redis.call('ZRANGE', expiries, 0, 0)
    if #first == 0 then return end
    if redis.call('EXISTS', prefix .. 'account:{' .. first[1] .. '}') == 1 then return end
    redis.call('DECRBY', total, tonumber(redis.call('HGET', sizes, first[1]) or '0'))
    redis.call('HDEL', sizes, first[1])
    redis.call('ZREM', expiries, first[1])
  end
end
local function firstExpiry(expiries)
  local first = redis.call('ZRANGE', expiries, 0, 0, 'WITHSCORES')
  return first[2] or '0'
end
`;

// KEYS: account, lock, sizes, expiries, total.
// ARGV: lock owner, expected revision ('' none), revision, json, public key,
// expire-at, account id, prefix, max bytes, max accounts, token.
const WRITE = `${RETIRE}
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return {'lock'} end
local f = redis.call('HMGET', KEYS[1], 'rev', 'key')
if (f[1] or '') ~= ARGV[2] then return {'conflict'} end
retire(KEYS[3], KEYS[4], KEYS[5], ARGV[8])
local size = string.len(ARGV[4])
local old = tonumber(redis.call('HGET', KEYS[3], ARGV[7]) or '0')
local total = tonumber(redis.call('GET', KEYS[5]) or '0')
if size > old and total + size - old > tonumber(ARGV[9]) then return {'bytes', firstExpiry(KEYS[4])} end
if not redis.call('ZSCORE', KEYS[4], ARGV[7]) and redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[10]) then
  return {'accounts', firstExpiry(KEYS[4])}
end
redis.call('HSET', KEYS[1], 'rev', ARGV[3], 'json', ARGV[4], 'key', ARGV[5])
redis.call('PEXPIREAT', KEYS[1], ARGV[6])
if f[2] and f[2] ~= ARGV[5] then redis.call('DEL', ARGV[8] .. 'key:' .. f[2]) end
redis.call('SET', ARGV[8] .. 'key:' .. ARGV[5], ARGV[11], 'PXAT', ARGV[6])
redis.call('HSET', KEYS[3], ARGV[7], size)
redis.call('ZADD', KEYS[4], ARGV[6], ARGV[7])
redis.call('INCRBY', KEYS[5], size - old)
return {'ok'}
`;

// KEYS: account, sizes, expiries, total. ARGV: account id, prefix.
const REMOVE = `
local key = redis.call('HGET', KEYS[1], 'key')
redis.call('DEL', KEYS[1])
if key then redis.call('DEL', ARGV[2] .. 'key:' .. key) end
redis.call('DECRBY', KEYS[4], tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0'))
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return 1
`;

// KEYS: lock. ARGV: owner, lease (ms, 0 = release).
const LOCK = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '0' then return redis.call('DEL', KEYS[1]) end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
`;

// KEYS: the account's windows. ARGV: second, minute, per-minute limit (0 none), per-second limit.
// The in-memory RateLimiter's logic (rate-limit.ts), checked and counted in one step.
const RATE = `
local w = redis.call('HMGET', KEYS[1], 's', 'sc', 'm', 'mc')
local sc = 0
local mc = 0
if w[1] == ARGV[1] then sc = tonumber(w[2]) end
if w[3] == ARGV[2] then mc = tonumber(w[4]) end
local perMinute = tonumber(ARGV[3])
if perMinute > 0 and mc >= perMinute then return {'minute', sc} end
if sc >= tonumber(ARGV[4]) then return {'burst', sc} end
redis.call('HSET', KEYS[1], 's', ARGV[1], 'sc', sc + 1, 'm', ARGV[2], 'mc', mc + 1)
redis.call('PEXPIRE', KEYS[1], 120000)
return {'', sc + 1}
`;

const SCRIPTS = {
  mockRead: { numberOfKeys: 2, lua: READ },
  mockWrite: { numberOfKeys: 5, lua: WRITE },
  mockRemove: { numberOfKeys: 4, lua: REMOVE },
  mockLock: { numberOfKeys: 1, lua: LOCK },
  mockRate: { numberOfKeys: 1, lua: RATE },
} as const;

type Scripts = Record<keyof typeof SCRIPTS, (...args: (string | number)[]) => Promise<unknown>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kib = (bytes: number) => `${Math.ceil(bytes / 1024)} KiB`;

/** The 503 every failure to reach Redis answers: no crash, no answer from memory. */
function unavailable(): ApiError {
  return new ApiError(
    503,
    "The mock's store (Redis) cannot be reached right now; this request changed nothing that was answered. Retry in a few seconds.",
    {},
    { 'retry-after': '2' },
  );
}

/**
 * A Redis-backed store at `url` (`redis://host:port/db`, `rediss://` for TLS).
 * Resolves once connected, or once the first attempt failed: while Redis is
 * unreachable (at start too) every request answers 503, and serving resumes
 * by itself once it is back.
 */
export async function redisStore(url: string, options: RedisStoreOptions): Promise<AccountStore & { redis: Redis }> {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const leaseMs = options.lockLeaseMs ?? 5000;
  const lockWaitMs = options.lockWaitMs ?? 15_000;
  const log = options.log ?? ((line: string) => console.error(line));
  const clock = options.clock;
  const redis = new Redis(url, {
    // Fail at once while disconnected (answer 503), never queue requests for later.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: options.commandTimeoutMs ?? 3000,
    connectTimeout: 3000,
    // Try again every half second, forever: serving resumes by itself.
    retryStrategy: (times) => Math.min(100 * times, 500),
    scripts: SCRIPTS,
  });
  const scripts = redis as unknown as Scripts;
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log(
      `Redis at ${url.replace(/\/\/[^@/]*@/, '//***@')} is unreachable (${error.message}): answering 503 until it is back.`,
    );
  });
  redis.on('ready', () => {
    if (down) log('Redis is reachable again: serving.');
    down = false;
  });
  // Commands sent before the connection is ready would fail (no offline queue).
  await new Promise((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', resolve);
  });

  /** Runs a Redis call; any failure to reach Redis becomes the 503. */
  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (ApiError.is(error)) throw error;
      throw unavailable();
    }
  }

  /** The account's id in key names: its token hashed (tokens are secrets, and any bytes). */
  const idOf = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 32);
  const keys = {
    account: (id: string) => `${prefix}account:{${id}}`,
    lock: (id: string) => `${prefix}lock:{${id}}`,
    key: (publicKey: string) => `${prefix}key:${publicKey}`,
    rate: (account: string) => `${prefix}rate:${account}`,
    sizes: `${prefix}sizes`,
    expiries: `${prefix}expiries`,
    total: `${prefix}bytes`,
  };
  const expireAt = () => clock.now() + idleMs;
  const inProcess = keyedQueue();
  /** The lock owner of each token this process holds. */
  const owners = new Map<string, string>();

  async function lock(id: string): Promise<string> {
    const owner = newRevision();
    const deadline = performance.now() + lockWaitMs;
    for (let wait = 1; ; wait = Math.min(2 * wait, 50)) {
      if ((await call(() => redis.set(keys.lock(id), owner, 'PX', leaseMs, 'NX'))) === 'OK') return owner;
      if (performance.now() > deadline)
        throw new ApiError(
          503,
          'Another request on this account has held it too long; nothing was changed. Retry.',
          {},
          { 'retry-after': '1' },
        );
      await sleep(wait);
    }
  }

  const rateWindows: RateWindows = {
    async hit(account, { second, minute, perMinute, perSecond }) {
      const [full, count] = (await call(() =>
        scripts.mockRate(keys.rate(account), second, minute, perMinute ?? 0, perSecond),
      )) as [string, number];
      return { full: (full || null) as WindowFull, secondCount: count };
    },
  };

  return {
    redis,
    shared: true,
    rateWindows,
    exclusive: (token, work) =>
      // One waiter per token and process at Redis; the others queue here.
      inProcess(token, async () => {
        const id = idOf(token);
        const owner = await lock(id);
        owners.set(token, owner);
        const renew = setInterval(
          () => void scripts.mockLock(keys.lock(id), owner, leaseMs).catch(() => undefined),
          leaseMs / 3,
        );
        renew.unref();
        try {
          return await work();
        } finally {
          clearInterval(renew);
          owners.delete(token);
          // Not awaited: the answer need not wait; a release lost with Redis expires with the lease.
          scripts.mockLock(keys.lock(id), owner, 0).catch(() => undefined);
        }
      }),
    async read(token, held) {
      const id = idOf(token);
      const found = (await call(() =>
        scripts.mockRead(keys.account(id), keys.expiries, held ?? '', expireAt(), id, prefix),
      )) as [string, string?] | null;
      if (!found) return undefined;
      const [revision, json] = found;
      if (json === undefined) return { revision, account: null };
      return { revision, account: JSON.parse(json) as AccountSnapshot };
    },
    async write(token, saved, expected) {
      const id = idOf(token);
      const owner = owners.get(token);
      if (!owner) throw new Error('write() outside exclusive()');
      const json = JSON.stringify(saved.account);
      const [outcome, firstExpiry] = (await call(() =>
        scripts.mockWrite(
          keys.account(id),
          keys.lock(id),
          keys.sizes,
          keys.expiries,
          keys.total,
          owner,
          expected ?? '',
          saved.revision,
          json,
          saved.account.key,
          expireAt(),
          id,
          prefix,
          options.maxBytes,
          options.maxAccounts,
          token,
        ),
      )) as [string, string?];
      if (outcome === 'ok') return;
      if (outcome === 'lock' || outcome === 'conflict') throw changedMeanwhile();
      const retryAfter = Math.max(1, Math.ceil((Number(firstExpiry) - clock.now()) / 1000));
      const full =
        outcome === 'bytes'
          ? `holds at most ${kib(options.maxBytes)} of data in all`
          : `holds data for at most ${options.maxAccounts} tokens`;
      throw new ApiError(
        429,
        `This sandbox ${full}; the first idle account expires in ${retryAfter} s. Retry then, or reuse a token.`,
        {},
        { 'retry-after': String(retryAfter) },
      );
    },
    async remove(token) {
      const id = idOf(token);
      await call(() => scripts.mockRemove(keys.account(id), keys.sizes, keys.expiries, keys.total, id, prefix));
    },
    async tokenOfKey(key) {
      if (!/^[0-9a-f]{32}$/.test(key)) return undefined;
      return (await call(() => redis.get(keys.key(key)))) ?? undefined;
    },
    // Every request reads the account's revision: instances need no notice of each other's writes.
    subscribe: () => () => undefined,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
