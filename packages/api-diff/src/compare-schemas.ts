// One schema against its next version, in one direction:
// - `request` (parameters, bodies): the client sends it; the API narrowing
//   what it accepts breaks clients that worked, widening is a feature;
// - `response`: the client reads it; a field removed or retyped breaks them,
//   a field added is a feature.
import { type JsonObject, mergeAllOf } from '@webmon/openapi-core';
import type { Change } from './change.js';

/** A schema as a reader sees it: `$ref`s followed, `allOf` members merged (openapi-core's mergeAllOf). */
type Schema = JsonObject;

export type Direction = 'request' | 'response';

interface Context {
  before: JsonObject;
  after: JsonObject;
  direction: Direction;
  /** Operation label, e.g. `POST /uptime`. */
  operation: string;
  add(change: Change): void;
}

const typesOf = (schema: Schema): string[] => [schema.type ?? []].flat().map(String).sort();
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Lower bounds: a higher value after is narrower. Upper bounds: a lower value after is narrower. */
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'] as const;
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'] as const;

export function compareSchemas(
  ctx: Context,
  beforeNode: unknown,
  afterNode: unknown,
  where: string,
  seen = new Set<string>(),
): void {
  const before = mergeAllOf(ctx.before, beforeNode);
  const after = mergeAllOf(ctx.after, afterNode);
  const key = `${where}|${JSON.stringify(before).length}|${JSON.stringify(after).length}`;
  if (seen.has(key)) return;
  seen.add(key);
  const say = (severity: Change['severity'], message: string) =>
    ctx.add({ severity, operation: ctx.operation, where, message });
  const request = ctx.direction === 'request';

  const typeBefore = typesOf(before);
  const typeAfter = typesOf(after);
  if (!sameJson(typeBefore, typeAfter) && typeBefore.length && typeAfter.length) {
    const widened = typeBefore.every((t) => typeAfter.includes(t) || (t === 'integer' && typeAfter.includes('number')));
    say(
      request && widened ? 'feature' : 'breaking',
      `type changed from ${typeBefore.join('|')} to ${typeAfter.join('|')}`,
    );
    return;
  }

  for (const bound of [...LOWER, ...UPPER]) {
    const was = num(before[bound]);
    const is = num(after[bound]);
    if (was === is) continue;
    const lower = (LOWER as readonly string[]).includes(bound);
    const narrowed = is !== undefined && (was === undefined || (lower ? is > was : is < was));
    const text =
      was === undefined
        ? `${bound} ${is} added`
        : is === undefined
          ? `${bound} ${was} removed`
          : `${bound} changed from ${was} to ${is}`;
    // Narrowing what the API accepts breaks senders; narrowing what it returns breaks no reader.
    say(request ? (narrowed ? 'breaking' : 'feature') : narrowed ? 'info' : 'breaking', text);
  }

  if (Array.isArray(before.enum) || Array.isArray(after.enum)) {
    const was = (before.enum as unknown[] | undefined) ?? [];
    const is = (after.enum as unknown[] | undefined) ?? [];
    const removed = before.enum === undefined ? [] : was.filter((value) => !is.some((other) => sameJson(value, other)));
    const added = after.enum === undefined ? [] : is.filter((value) => !was.some((other) => sameJson(value, other)));
    if (before.enum !== undefined && after.enum === undefined)
      say(request ? 'feature' : 'breaking', 'enum removed (any value allowed)');
    if (before.enum === undefined && after.enum !== undefined)
      say(request ? 'breaking' : 'info', `enum added: ${JSON.stringify(is)}`);
    if (removed.length) say(request ? 'breaking' : 'info', `enum values removed: ${JSON.stringify(removed)}`);
    if (added.length) say(request ? 'feature' : 'feature', `enum values added: ${JSON.stringify(added)}`);
  }

  for (const keyword of ['pattern', 'format', 'const'] as const) {
    if (sameJson(before[keyword], after[keyword])) continue;
    const tightened = after[keyword] !== undefined;
    say(
      request ? (tightened ? 'breaking' : 'feature') : tightened ? 'info' : 'breaking',
      `${keyword} changed from ${JSON.stringify(before[keyword]) ?? 'none'} to ${JSON.stringify(after[keyword]) ?? 'none'}`,
    );
  }

  if (request && !sameJson(before.default, after.default) && before.default !== undefined) {
    say(
      'breaking',
      `default changed from ${JSON.stringify(before.default)} to ${JSON.stringify(after.default) ?? 'none'} (calls that leave it out now behave differently)`,
    );
  }

  for (const keyword of ['anyOf', 'oneOf', 'not'] as const) {
    if (!sameJson(before[keyword], after[keyword])) say(request ? 'breaking' : 'breaking', `${keyword} changed`);
  }

  compareProperties(ctx, before, after, where, seen);
  if (before.items !== undefined || after.items !== undefined)
    compareSchemas(ctx, before.items ?? {}, after.items ?? {}, `${where}[]`, seen);
}

function compareProperties(ctx: Context, before: Schema, after: Schema, where: string, seen: Set<string>): void {
  const propsBefore = (before.properties ?? {}) as Record<string, unknown>;
  const propsAfter = (after.properties ?? {}) as Record<string, unknown>;
  const requiredBefore = new Set((before.required as string[] | undefined) ?? []);
  const requiredAfter = new Set((after.required as string[] | undefined) ?? []);
  const request = ctx.direction === 'request';
  const at = (name: string) => (where ? `${where}.${name}` : name);
  const say = (severity: Change['severity'], name: string, message: string) =>
    ctx.add({ severity, operation: ctx.operation, where: at(name), message });

  for (const name of Object.keys(propsBefore)) {
    if (!(name in propsAfter)) {
      // The API refuses unknown body fields, so a field removed from a request breaks its senders too.
      say('breaking', name, request ? 'field removed (requests that send it are now refused)' : 'field removed');
      continue;
    }
    if (request && !requiredBefore.has(name) && requiredAfter.has(name)) say('breaking', name, 'field became required');
    if (!request && requiredBefore.has(name) && !requiredAfter.has(name))
      say('breaking', name, 'field may now be absent');
    compareSchemas(ctx, propsBefore[name], propsAfter[name], at(name), seen);
  }
  for (const name of Object.keys(propsAfter)) {
    if (name in propsBefore) continue;
    if (request && requiredAfter.has(name)) say('breaking', name, 'new required field');
    else say('feature', name, request ? 'new optional field' : 'new field');
  }
}
