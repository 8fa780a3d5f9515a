// Records as the API returns them, and how create/update turn request fields
// into stored records: generic over resources, driven by the spec's fields.
import type { StoredRecord } from './accounts.js';
import type { Behaviour, Context, Fields } from './behaviours.js';
import { resources } from './generated/operations.js';
import type { EntityFieldSpec } from './operation-spec.js';

/** What a required field holds before anyone sets it, by its type in the spec. */
function emptyValue(field: EntityFieldSpec): unknown {
  if (field.default !== null) return field.default;
  if (field.nullable) return null;
  switch (field.type) {
    case 'array':
      return [];
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'object':
      return {};
    default:
      return 0;
  }
}

function entityFields(tag: string): Record<string, EntityFieldSpec> {
  const resource = resources[tag];
  if (!resource) throw new Error(`no resource spec for tag ${tag}`);
  return resource.entityFields;
}

/** Splits sent fields into stored ones and request-only (writeOnly) ones. */
function partition(tag: string, fields: Fields): { stored: Fields; writeOnly: Fields } {
  const spec = entityFields(tag);
  const stored: Fields = {};
  const writeOnly: Fields = {};
  for (const [name, value] of Object.entries(fields)) (spec[name]?.writeOnly ? writeOnly : stored)[name] = value;
  return { stored, writeOnly };
}

export function newRecord(tag: string, id: string, fields: Fields, behaviour: Behaviour, ctx: Context): StoredRecord {
  const data: Fields = {};
  for (const [name, field] of Object.entries(entityFields(tag))) {
    if (field.required && !field.writeOnly) data[name] = emptyValue(field);
  }
  const { stored, writeOnly } = partition(tag, fields);
  Object.assign(data, stored, { id });
  const createdAt = Math.floor(ctx.now / 1000) * 1000;
  const record: StoredRecord = {
    data,
    meta: { createdAt, activeSpans: data.paused === true ? [] : [[createdAt, null]], lastPingAt: null, writeOnly },
  };
  behaviour.created?.(record, ctx);
  return record;
}

/** Applies an update: only the fields sent change. Pausing and resuming open and close active spans. */
export function applyUpdate(tag: string, record: StoredRecord, fields: Fields, behaviour: Behaviour, ctx: Context): void {
  const { stored, writeOnly } = partition(tag, fields);
  const wasPaused = record.data.paused === true;
  Object.assign(record.data, stored);
  Object.assign(record.meta.writeOnly, writeOnly);
  const isPaused = record.data.paused === true;
  const spans = record.meta.activeSpans;
  const now = Math.floor(ctx.now / 1000) * 1000;
  if (!wasPaused && isPaused && spans.length) spans[spans.length - 1]![1] = now;
  if (wasPaused && !isPaused) spans.push([now, null]);
  behaviour.updated?.(record, fields, ctx);
}

/** The record as a get-one answer holds it: stored and computed fields, in the spec's field order. */
export function present(tag: string, record: StoredRecord, behaviour: Behaviour, ctx: Context): Fields {
  const merged: Fields = { ...record.data, ...behaviour.view?.(record, ctx) };
  const ordered: Fields = {};
  for (const [name, field] of Object.entries(entityFields(tag))) {
    if (!field.writeOnly && merged[name] !== undefined) ordered[name] = merged[name];
  }
  return ordered;
}

/** A list item keeps only the fields the spec's list schema names. */
export function listItem(tag: string, entity: Fields): Fields {
  const fields = resources[tag]?.listFields;
  if (!fields) return entity;
  return Object.fromEntries(fields.filter((name) => entity[name] !== undefined).map((name) => [name, entity[name]]));
}
