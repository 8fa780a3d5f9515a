import { isObject, type JsonObject } from './json.js';
import { locate, resolveRef } from './resolve-ref.js';

/**
 * A schema as its reader sees it: `$ref`s followed and `allOf` members merged
 * into one object. Properties are united, and a property described in
 * several members (typed in one, bounded in another) gets all their keywords;
 * `required` is united; for any other keyword the schema's own value wins
 * over its members'. Property schemas come back with their `$ref`s followed.
 * `anyOf`/`oneOf` are left as they are: a branch is not a guarantee.
 */
export function mergeAllOf(document: unknown, node: unknown): JsonObject {
  return merge(document, node, new Set());
}

function merge(document: unknown, node: unknown, seen: Set<unknown>): JsonObject {
  const { value: schema, pointer } = locate<unknown>(document, node, '');
  if (!isObject(schema)) return {};
  // A recursive schema (a member that names its parent) stops at the repeat,
  // known by the pointer it was reached through (siblings make a new object).
  const key = pointer || schema;
  if (seen.has(key)) return {};
  const inner = new Set(seen).add(key);
  const { allOf, ...own } = schema;
  const parts = [...(Array.isArray(allOf) ? allOf.map((member) => merge(document, member, inner)) : []), own];

  const merged: JsonObject = {};
  const properties: Record<string, JsonObject> = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isObject(value)) {
        for (const [name, property] of Object.entries(value)) {
          const resolved = resolveRef(document, property);
          properties[name] = { ...properties[name], ...(isObject(resolved) ? resolved : {}) };
        }
      } else if (key === 'required' && Array.isArray(value)) {
        for (const name of value) required.add(String(name));
      } else {
        merged[key] = value;
      }
    }
  }
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  return merged;
}

/** The properties of an object schema after mergeAllOf, each with its `$ref`s followed. */
export function propertiesOf(document: unknown, node: unknown): Record<string, JsonObject> {
  const properties = mergeAllOf(document, node).properties;
  return isObject(properties) ? (properties as Record<string, JsonObject>) : {};
}
