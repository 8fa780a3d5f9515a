// A copy of the bundle in which every object schema, where a value is read
// against it, is closed (`unevaluatedProperties: false`): an example that
// carries a field its schema does not declare then fails, at any depth.
//
// Redocly's example rules do this with `allowAdditionalProperties: false`, but
// their validator closes schemas by a rule of its own that misreads
// conditionals: with an `if`/`then` in UptimeTestUpdate (website_url by
// test_type) it reported every field of every uptime example as unknown.
// Here the closing follows JSON Schema 2020-12 itself: a schema is closed
// where it is used (a property, an item, a media type, a validation root),
// never inside allOf/anyOf/oneOf/if/then/else/not, whose evaluated fields
// count for the schema that holds them.
import { type JsonObject, isObject, mergeAllOf, resolveRef } from '@webmon/openapi-core';

/** Keywords whose schemas are values read on their own: closed. */
const USE_KEYWORDS = ['items', 'contentSchema'] as const;
const USE_MAPS = ['properties', 'patternProperties'] as const;
/** Keywords whose schemas apply to the same value as the schema holding them: left open. */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const IN_PLACE = ['if', 'then', 'else', 'not'] as const;

/** An object schema with declared fields (allOf merged) and no word on other fields: closing it means something. */
function closable(document: JsonObject, schema: JsonObject): boolean {
  if ('additionalProperties' in schema || 'unevaluatedProperties' in schema) return false;
  const merged = mergeAllOf(document, schema);
  if ('additionalProperties' in merged || 'unevaluatedProperties' in merged) return false;
  return isObject(merged.properties) && Object.keys(merged.properties).length > 0;
}

function walk(document: JsonObject, schema: unknown, used: boolean): void {
  if (!isObject(schema)) return;
  if (used && closable(document, resolveRef<JsonObject>(document, schema))) schema.unevaluatedProperties = false;
  if ('$ref' in schema) return; // the target is walked where it is defined
  for (const keyword of USE_KEYWORDS) walk(document, schema[keyword], true);
  for (const keyword of USE_MAPS) {
    const map = schema[keyword];
    if (isObject(map)) for (const value of Object.values(map)) walk(document, value, true);
  }
  if (isObject(schema.additionalProperties)) walk(document, schema.additionalProperties, true);
  for (const keyword of IN_PLACE_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (const member of list) walk(document, member, keyword === 'prefixItems');
  }
  for (const keyword of IN_PLACE) walk(document, schema[keyword], false);
  if (isObject(schema.dependentSchemas)) {
    for (const value of Object.values(schema.dependentSchemas)) walk(document, value, false);
  }
}

/** Every `schema` of a media type, parameter or header, anywhere outside components.schemas. */
function walkSchemaSlots(document: JsonObject, node: unknown): void {
  if (Array.isArray(node)) for (const item of node) walkSchemaSlots(document, item);
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples') continue; // data, not description
    if (key === 'schema') walk(document, value, true);
    else walkSchemaSlots(document, value);
  }
}

/** The bundle, copied, with its object schemas closed where they are used. */
export function closeObjectSchemas(bundle: JsonObject): JsonObject {
  const copy = structuredClone(bundle);
  // Closing reads the original: a target's own keywords, not the ones added to the copy.
  const components = isObject(copy.components) ? copy.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  // A component is closed where it is referenced, not where it is defined: the
  // same component is also an allOf member (UptimeTestUpdate in UptimeTest).
  for (const schema of Object.values(schemas)) walk(bundle, schema, false);
  const { schemas: _schemas, ...rest } = components;
  walkSchemaSlots(bundle, { ...copy, components: rest });
  return copy;
}

/** Whether `schema` (at a validation root) is an object schema worth closing there. */
export const closableAt = (bundle: JsonObject, schema: unknown): boolean =>
  isObject(schema) && closable(bundle, resolveRef<JsonObject>(bundle, schema));
