// Schemas as a reader of the bundle sees them: $refs followed and allOf
// members merged into one object, so that two bundles written differently
// (a field moved into an allOf member, a schema split out) compare equal.

export type JsonObject = { [key: string]: unknown };
export type Schema = JsonObject;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a local `#/a/b` reference. */
export function followRef(document: JsonObject, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 50) throw new Error(`reference loop at ${String(current.$ref)}`);
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`only local references are supported, found ${ref}`);
    const siblings = Object.fromEntries(Object.entries(current).filter(([key]) => key !== '$ref'));
    const target = ref
      .slice(2)
      .split('/')
      .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((at, token) => (isObject(at) ? at[token] : undefined), document);
    if (target === undefined) throw new Error(`unresolved reference ${ref}`);
    // OpenAPI 3.1 allows siblings beside $ref; they refine the target.
    current = Object.keys(siblings).length && isObject(target) ? { ...target, ...siblings } : target;
  }
  return current;
}

/** The schema with its allOf members merged: properties united, `required` united, other keywords from the members kept. */
export function resolveSchema(document: JsonObject, node: unknown, seen = new Set<unknown>()): Schema {
  const schema = followRef(document, node);
  if (!isObject(schema)) return {};
  if (seen.has(schema)) return schema; // recursive schema: stop here
  const nextSeen = new Set(seen).add(schema);
  const { allOf, ...own } = schema;
  const merged: Schema = {};
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const part of [
    ...((allOf as unknown[] | undefined) ?? []).map((member) => resolveSchema(document, member, nextSeen)),
    own,
  ]) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isObject(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value)) for (const name of value) required.add(String(name));
      else merged[key] = value;
    }
  }
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  return merged;
}
