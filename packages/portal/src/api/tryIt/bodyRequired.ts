/**
 * The names a request body's schema requires, for the form's "required"
 * marks. The theme's Body hands each field a schema whose `allOf` it has
 * merged without the outer `required` (UptimeTestCreate lists its required
 * fields beside an `allOf` of UptimeTestUpdate), so no field was marked; the
 * wrap of Body (src/theme/ApiExplorer/Body) reads them from the schema in the
 * page's data, merged by the repository's one schema reader.
 */
import { createContext, useContext } from 'react';
import { mergeAllOf, propertiesOf } from '@webmon/openapi-core';

export const BodyRequired = createContext<ReadonlySet<string>>(new Set());

export const useBodyRequired = (): ReadonlySet<string> => useContext(BodyRequired);

/** The page's data has its `$ref`s resolved already: the schema is its own document. */
export function requiredOf(schema: unknown): ReadonlySet<string> {
  if (!schema) return new Set();
  const { required } = mergeAllOf(schema, schema);
  return new Set(Array.isArray(required) ? required.map(String) : []);
}

/**
 * The entered body fields the schema does not have (any more): under `pnpm
 * dev` the form's state outlives a saved edit, and after a rename Send still
 * sent the old field's value, shown by no field of the form.
 */
export function fieldsNotIn(schema: unknown, entered: readonly string[]): string[] {
  if (!schema) return [];
  const fields = propertiesOf(schema, schema);
  return entered.filter((key) => !Object.hasOwn(fields, key));
}
