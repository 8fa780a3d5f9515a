// Records as the API returns them, and how create/update turn request fields
// into stored records: generic over resources, driven by the spec's fields.
import type { StoredRecord } from './store/accounts.js';
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

/**
 * Splits sent fields into stored ones, request-only (writeOnly) ones, and the
 * optional text fields sent empty: those have no value, and a field with no
 * value is left out of answers (the spec's info.description), so they are
 * cleared rather than stored as "".
 */
function partition(tag: string, fields: Fields): { stored: Fields; writeOnly: Fields; cleared: string[] } {
  const spec = entityFields(tag);
  const stored: Fields = {};
  const writeOnly: Fields = {};
  const cleared: string[] = [];
  for (const name in fields) {
    const value = fields[name];
    const field = spec[name];
    if (field?.writeOnly) writeOnly[name] = value;
    else if (value === '' && field?.type === 'string' && !field.required) cleared.push(name);
    else stored[name] = value;
  }
  return { stored, writeOnly, cleared };
}

/**
 * Per resource: a record with every field a stored record always has, in the
 * spec's order, holding its empty value (read once, not per create). Copied by
 * spread, a new record starts as a fast object of the right shape: 35 fields
 * stored one by one put an object into V8's slow dictionary mode (twice the
 * memory, slower to read and to serialise).
 */
const templates = new Map<string, { fields: Fields; lists: string[] }>();
function templateOf(tag: string): { fields: Fields; lists: string[] } {
  let template = templates.get(tag);
  if (!template) {
    const required = Object.entries(entityFields(tag)).filter(([, field]) => field.required && !field.writeOnly);
    template = {
      fields: Object.fromEntries(required.map(([name, field]) => [name, emptyValue(field)])),
      lists: required.filter(([, field]) => field.type === 'array' || field.type === 'object').map(([name]) => name),
    };
    templates.set(tag, template);
  }
  return template;
}

export function newRecord(tag: string, id: string, fields: Fields, behaviour: Behaviour, ctx: Context): StoredRecord {
  const { stored, writeOnly } = partition(tag, fields);
  const template = templateOf(tag);
  const data: Fields = { ...template.fields };
  // A record's lists and objects are its own: the template's are never shared.
  for (const name of template.lists) {
    const empty = template.fields[name];
    data[name] = Array.isArray(empty) ? [...empty] : empty === null ? null : { ...(empty as Fields) };
  }
  for (const name in stored) data[name] = stored[name];
  data.id = id;
  const createdAt = Math.floor(ctx.now / 1000) * 1000;
  const record: StoredRecord = {
    data,
    meta: { createdAt, activeSpans: data.paused === true ? [] : [[createdAt, null]], lastPingAt: null, writeOnly },
  };
  behaviour.created?.(record, ctx);
  return record;
}

/** Applies an update: only the fields sent change. Pausing and resuming open and close active spans. */
export function applyUpdate(
  tag: string,
  record: StoredRecord,
  fields: Fields,
  behaviour: Behaviour,
  ctx: Context,
): void {
  const { stored, writeOnly, cleared } = partition(tag, fields);
  record.meta.view = undefined;
  const wasPaused = record.data.paused === true;
  Object.assign(record.data, stored);
  for (const name of cleared) delete record.data[name];
  Object.assign(record.meta.writeOnly, writeOnly);
  const isPaused = record.data.paused === true;
  const spans = record.meta.activeSpans;
  const now = Math.floor(ctx.now / 1000) * 1000;
  if (!wasPaused && isPaused && spans.length) spans[spans.length - 1]![1] = now;
  if (wasPaused && !isPaused) spans.push([now, null]);
  behaviour.updated?.(record, fields, ctx);
}

/** Per resource: the fields an answer shows (all but writeOnly ones), in the spec's order. */
const shownFields = new Map<string, string[]>();
function shownFieldsOf(tag: string): string[] {
  let names = shownFields.get(tag);
  if (!names) {
    names = Object.entries(entityFields(tag))
      .filter(([, field]) => !field.writeOnly)
      .map(([name]) => name);
    shownFields.set(tag, names);
  }
  return names;
}

/**
 * The fields computed at read time. They are a pure function of the record,
 * the time and the origin, and lists read every record on every call: the last
 * answer is kept until any of those changes (records.ts drops it on update).
 * A view that changes only on whole seconds is computed for the second.
 */
function computedFields(record: StoredRecord, behaviour: Behaviour, ctx: Context): Fields {
  const now = behaviour.viewPerSecond ? Math.floor(ctx.now / 1000) * 1000 : ctx.now;
  const cached = record.meta.view;
  if (cached && cached.now === now && cached.origin === ctx.origin) return cached.fields;
  const fields = behaviour.view?.(record, now === ctx.now ? ctx : { ...ctx, now }) ?? {};
  record.meta.view = { now, origin: ctx.origin, fields };
  return fields;
}

/**
 * The JSON text of a record's answer, per shape, kept as long as its computed
 * fields are (the same record, instant and origin: `meta.view` is the same
 * object). Serialising the records was nearly half of a list's time in the
 * pipeline, and lists serialise the same records on every call. A WeakMap, not
 * a field of the record: the texts go with the record and are no part of it.
 */
const jsonTexts = new WeakMap<StoredRecord, { view: unknown; entity?: string; list?: string }>();

/** `present`'s answer as JSON text, serialised once per record, instant and origin. */
export function presentJson(
  tag: string,
  record: StoredRecord,
  behaviour: Behaviour,
  ctx: Context,
  view: 'entity' | 'list' = 'entity',
): string {
  computedFields(record, behaviour, ctx);
  const current = record.meta.view;
  let texts = jsonTexts.get(record);
  if (texts?.view !== current) jsonTexts.set(record, (texts = { view: current }));
  return (texts![view] ??= JSON.stringify(present(tag, record, behaviour, ctx, view)));
}

/** The fields a list item keeps (the spec's list schema), or every shown field where lists hold whole entities. */
const listFieldsOf = (tag: string) => resources[tag]?.listFields ?? shownFieldsOf(tag);

/**
 * The record as an answer holds it: stored and computed fields, in the spec's
 * field order; as a list item (`view: 'list'`), only the fields the list keeps.
 */
export function present(
  tag: string,
  record: StoredRecord,
  behaviour: Behaviour,
  ctx: Context,
  view: 'entity' | 'list' = 'entity',
): Fields {
  const computed = computedFields(record, behaviour, ctx);
  const shaped: Fields = {};
  for (const name of view === 'list' ? listFieldsOf(tag) : shownFieldsOf(tag)) {
    const value = computed[name] !== undefined ? computed[name] : record.data[name];
    if (value !== undefined) shaped[name] = value;
  }
  return shaped;
}
