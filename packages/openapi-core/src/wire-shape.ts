import { isObject, type JsonObject } from './json.js';
import { mergeAllOf } from './merge-all-of.js';
import type { OperationEntry } from './operations.js';
import { resolveRef } from './resolve-ref.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * What an operation's wire looks like, read from the bundle: where its input
 * goes and which of its fields are lists or flags. The rules for sending
 * them (brackets, comma joins, bare flags) are the client's (@webmon/ts-client);
 * this only says which fields they apply to.
 */
export interface WireShape {
  /** What follows the path values: a form body or the query. */
  input?: 'body' | 'query';
  /** Body fields that are arrays. */
  arrays?: string[];
  /** Body fields `x_csv` holding one comma-separated string. */
  csv?: string[];
  /** Query parameters that are presence flags (`x-presence-flag`). */
  flags?: string[];
  /** Query parameters whose pattern separates items with commas (`tags`). */
  lists?: string[];
}

const asArray = (list: unknown): unknown[] => (Array.isArray(list) ? list : []);

function typesOf(document: unknown, schema: unknown): unknown[] {
  const resolved = resolveRef(document, schema);
  return [isObject(resolved) ? (resolved.type ?? []) : []].flat();
}

/**
 * Every schema a body property is described by: the `allOf` members merged,
 * then the schemas of each `anyOf`/`oneOf` branch, which may name a field
 * without typing it (the maintenance window's "tests or tags").
 */
export function bodyPropertySchemas(
  document: unknown,
  node: unknown,
  into = new Map<string, JsonObject[]>(),
  seen = new Set<unknown>(),
): Map<string, JsonObject[]> {
  const target = resolveRef(document, node);
  if (seen.has(target)) return into;
  const schema = mergeAllOf(document, node);
  for (const [name, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    const resolved = resolveRef(document, property);
    into.set(name, [...(into.get(name) ?? []), isObject(resolved) ? resolved : {}]);
  }
  for (const branch of [...asArray(schema.anyOf), ...asArray(schema.oneOf)])
    bodyPropertySchemas(document, branch, into, new Set(seen).add(target));
  return into;
}

/** The form media type of an operation's request body, if it has one. */
export function formMediaType(document: unknown, operation: JsonObject): JsonObject | undefined {
  const body = resolveRef(document, operation.requestBody);
  const content = isObject(body) ? resolveRef(document, body.content) : undefined;
  const media = isObject(content) ? content[FORM] : undefined;
  return isObject(media) ? media : undefined;
}

/** A string query parameter whose pattern separates items with commas (`tags`): a list on the wire. */
export function isListParameter(document: unknown, schema: unknown): boolean {
  const resolved = resolveRef(document, schema);
  return typesOf(document, schema).includes('string') && isObject(resolved) && /,/.test(String(resolved.pattern ?? ''));
}

export function wireShapeOf(document: unknown, { operation, parameters }: OperationEntry): WireShape {
  const shape: WireShape = {};
  const query = parameters.filter((p) => p.in === 'query');
  const media = formMediaType(document, operation);
  if (media) {
    shape.input = 'body';
    const properties = [...bodyPropertySchemas(document, media.schema)];
    const arrays = properties.filter(([, schemas]) => schemas.some((s) => typesOf(document, s).includes('array')));
    if (arrays.length) shape.arrays = arrays.map(([name]) => name);
    const csv = properties.filter(
      ([name, schemas]) => name.endsWith('_csv') && schemas.some((s) => typesOf(document, s).includes('string')),
    );
    if (csv.length) shape.csv = csv.map(([name]) => name);
  } else if (query.length) {
    shape.input = 'query';
  }
  const flags = query.filter((p) => p.parameter['x-presence-flag'] === true).map((p) => p.name);
  if (flags.length) shape.flags = flags;
  const lists = query.filter((p) => isListParameter(document, p.schema)).map((p) => p.name);
  if (lists.length) shape.lists = lists;
  return shape;
}
