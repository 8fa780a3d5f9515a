// One account as plain JSON: what a store keeps between requests (the page's
// IndexedDB, a file a reader exports) and reads back. Reading one is reading
// hostile input: a file anybody may hand a reader. Everything is checked
// against the resources the spec defines before it becomes state.
import { ApiError } from '../api-error.js';
import { resources } from '../generated/operations.js';
import type { EntityFieldSpec } from '../operation-spec.js';
import type { Plan } from '../rate-limit.js';
import { MAX_OFFSET_SECONDS } from '../sandbox-clock.js';
import type { Account, RecordMeta, StoredRecord } from './accounts.js';

export const SNAPSHOT_FORMAT = 'webmon-mock-account';

export interface RecordSnapshot {
  data: Record<string, unknown>;
  meta: Omit<RecordMeta, 'view'>;
}

export interface AccountSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  /** The account's public key, in its heartbeat ping and archive URLs. */
  key: string;
  plan: Plan;
  nextId: number;
  /**
   * How far the account's sandbox clock runs ahead of the mock's, in
   * milliseconds (sandbox-clock.ts). Absent in states saved before the clock
   * existed: 0.
   */
  clockOffsetMs?: number;
  /** Records by resource (the spec's tag), in the order they were created. */
  records: Record<string, RecordSnapshot[]>;
}

export function snapshotOf(account: Account): AccountSnapshot {
  const records: Record<string, RecordSnapshot[]> = {};
  for (const [kind, byId] of account.collections) {
    if (byId.size === 0) continue;
    records[kind] = [...byId.values()].map(({ data, meta: { view: _view, ...meta } }) => ({ data, meta }));
  }
  return {
    format: SNAPSHOT_FORMAT,
    version: 1,
    key: account.key,
    plan: account.plan,
    nextId: account.nextId,
    clockOffsetMs: account.clockOffsetMs,
    records,
  };
}

const invalid = (why: string) => new ApiError(400, `This is not a saved sandbox state: ${why}.`);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Whether `value` is what a field of this type holds (JSON types, as the API's answers carry them). */
function fits(field: EntityFieldSpec, value: unknown): boolean {
  if (value === null) return field.nullable;
  switch (field.type) {
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'integer':
      return Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === field.type;
  }
}

function recordFrom(kind: string, raw: unknown): [string, StoredRecord] {
  const fields = resources[kind]!.entityFields;
  if (!isObject(raw) || !isObject(raw.data) || !isObject(raw.meta)) throw invalid(`a ${kind} record is not an object`);
  const { data, meta } = raw;
  const id = data.id;
  if (typeof id !== 'string' || !/^\d{1,12}$/.test(id)) throw invalid(`a ${kind} record has no numeric id`);
  for (const [name, value] of Object.entries(data)) {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!field || !fits(field, value)) throw invalid(`${kind} ${id}: field ${name} is not one the API returns`);
  }
  const spans = meta.activeSpans;
  if (
    !isTime(meta.createdAt) ||
    !Array.isArray(spans) ||
    !spans.every((s) => Array.isArray(s) && s.length === 2 && isTime(s[0]) && (s[1] === null || isTime(s[1]))) ||
    !(meta.lastPingAt === null || isTime(meta.lastPingAt)) ||
    !isObject(meta.writeOnly)
  )
    throw invalid(`${kind} ${id}: its bookkeeping is damaged`);
  const record: StoredRecord = {
    data: structuredClone(data),
    meta: {
      createdAt: meta.createdAt,
      activeSpans: spans.map((s) => [s[0], s[1]] as [number, number | null]),
      lastPingAt: meta.lastPingAt,
      writeOnly: structuredClone(meta.writeOnly),
    },
  };
  return [id, record];
}

/**
 * An account from its snapshot, or a 400 naming what is wrong. Its byte
 * budget is checked where it is put in place (Accounts.replace).
 */
export function accountFrom(raw: unknown, now: number): Account {
  if (!isObject(raw) || raw.format !== SNAPSHOT_FORMAT || raw.version !== 1) throw invalid('its format is unknown');
  if (typeof raw.key !== 'string' || !/^[0-9a-f]{32}$/.test(raw.key)) throw invalid('its account key is damaged');
  if (raw.plan !== 'free' && raw.plan !== 'paid') throw invalid('its plan is unknown');
  if (!Number.isSafeInteger(raw.nextId) || (raw.nextId as number) < 1) throw invalid('its id counter is damaged');
  const offset = raw.clockOffsetMs ?? 0;
  if (!isTime(offset) || offset > MAX_OFFSET_SECONDS * 1000) throw invalid('its sandbox clock is damaged');
  if (!isObject(raw.records)) throw invalid('it holds no records');
  const collections = new Map<string, Map<string, StoredRecord>>();
  for (const [kind, list] of Object.entries(raw.records)) {
    if (!Object.hasOwn(resources, kind)) throw invalid(`${kind} is not a resource of the API`);
    if (!Array.isArray(list)) throw invalid(`its ${kind} records are not a list`);
    const byId = new Map<string, StoredRecord>();
    for (const item of list) {
      const [id, record] = recordFrom(kind, item);
      if (byId.has(id)) throw invalid(`${kind} ${id} is there twice`);
      byId.set(id, record);
    }
    collections.set(kind, byId);
  }
  return {
    key: raw.key,
    plan: raw.plan,
    lastSeen: now,
    nextId: raw.nextId as number,
    clockOffsetMs: offset,
    collections,
    bytes: 0,
  };
}
