/**
 * Whether the try-it offers to send a text field empty (`find_string=`),
 * which the API reads as "clear it": on an update only (a create that leaves
 * a field out gets its default anyway), and only where the field's schema
 * takes an empty string (no `minLength` of 1 or more, a pattern that matches
 * it, no format an empty string fails). An empty box otherwise means "not
 * sent", the theme's rule.
 */
import type { FieldSchema } from './schemaText';

/** Formats an empty string passes (JSON Schema's formats for text that `''` fails are the rest). */
const EMPTY_FORMATS = new Set([undefined, 'password']);

export function takesEmpty(schema: FieldSchema): boolean {
  if ((schema.minLength ?? 0) > 0 || !EMPTY_FORMATS.has(schema.format)) return false;
  if (schema.pattern === undefined) return true;
  try {
    return new RegExp(schema.pattern, 'u').test('');
  } catch {
    return false;
  }
}

/** PUT and PATCH change only the fields sent: there an empty value clears one. */
export const isUpdate = (method: string | undefined): boolean => /^(put|patch)$/i.test(method ?? '');
