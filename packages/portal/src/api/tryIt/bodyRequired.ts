/**
 * The names a request body's schema requires, for the form's "required"
 * marks. The theme's Body hands each field a schema whose `allOf` it has
 * merged without the outer `required` (UptimeTestCreate lists its required
 * fields beside an `allOf` of UptimeTestUpdate), so no field was marked; the
 * wrap of Body (src/theme/ApiExplorer/Body) reads them from the schema in the
 * page's data, merged by the repository's one schema reader.
 */
import { createContext, useContext } from 'react';
import { mergeAllOf } from '@webmon/openapi-core';

export const BodyRequired = createContext<ReadonlySet<string>>(new Set());

export const useBodyRequired = (): ReadonlySet<string> => useContext(BodyRequired);

/** The page's data has its `$ref`s resolved already: the schema is its own document. */
export function requiredOf(schema: unknown): ReadonlySet<string> {
  if (!schema) return new Set();
  const { required } = mergeAllOf(schema, schema);
  return new Set(Array.isArray(required) ? required.map(String) : []);
}
