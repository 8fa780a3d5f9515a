import { ApiError, VALIDATION_MESSAGE } from './api-error.js';

export type FormValue = string | string[];
export type FormFields = Record<string, FormValue>;

const MAX_PAIRS = 1000;
// Above every maxItems of the spec (50, 100), low enough that per-item messages
// for one field stay within APIError's 1000 (an item can fail a few ways at once).
const MAX_ARRAY_ITEMS = 200;

function decode(component: string, where: string): string {
  // Most keys and many values have nothing to decode: no copy, no try.
  if (!component.includes('%')) return component.includes('+') ? component.replaceAll('+', ' ') : component;
  try {
    return decodeURIComponent(component.replaceAll('+', ' '));
  } catch {
    throw new ApiError(
      400,
      `The ${where} is not valid form-urlencoded data: "${component.slice(0, 40)}" has invalid percent-encoding.`,
    );
  }
}

/**
 * Splits `a=1&b[]=2` into decoded pairs. Stricter than URLSearchParams, which
 * silently keeps malformed escapes: a bad `%` sequence is a 400 here.
 */
export function parsePairs(text: string, where: 'body' | 'query string'): [string, string][] {
  if (text === '') return [];
  const parts = text.split('&');
  if (parts.length > MAX_PAIRS) {
    throw new ApiError(400, `The ${where} has ${parts.length} fields; at most ${MAX_PAIRS} are accepted.`);
  }
  return parts
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      const key = equals === -1 ? part : part.slice(0, equals);
      const value = equals === -1 ? '' : part.slice(equals + 1);
      return [decode(key, where), decode(value, where)];
    });
}

/**
 * Gathers pairs into fields as the API reads them:
 * - `tags[]=a&tags[]=b` and repeated `tags=a&tags=b` both give `['a', 'b']`;
 * - `tags[]=` (or `tags=` for a field known to be an array) gives `[]`, which empties it;
 * - with `commaArrays`, `tags=a,b` (the bare key of a field known to be an array)
 *   gives `['a', 'b']`: the provider's generated clients send arrays so (README,
 *   "What the official clients send"); `tags[]=a,b` stays one item, as sent;
 * - any other repeated key gives an array, for the validator to reject if the field is a scalar.
 */
export function collectFields(
  pairs: [string, string][],
  arrayFields: readonly string[],
  commaArrays = false,
): FormFields {
  // No prototype: a field named `__proto__` must stay a field.
  const fields: FormFields = Object.create(null) as FormFields;
  for (const [rawKey, value] of pairs) {
    const bracketed = rawKey.endsWith('[]');
    const key = bracketed ? rawKey.slice(0, -2) : rawKey;
    const isArray = bracketed || arrayFields.includes(key);
    const existing = fields[key];
    if (isArray) {
      const list = Array.isArray(existing) ? existing : existing === undefined ? [] : [existing];
      // Item by item, with the bound checked on each: a 1 MiB body of commas is 500k items.
      const items = commaArrays && !bracketed && value.includes(',') ? value.split(',', MAX_ARRAY_ITEMS + 1) : [value];
      for (const item of items) {
        if (item === '' && items.length === 1) continue;
        list.push(item);
        if (list.length > MAX_ARRAY_ITEMS) {
          throw new ApiError(400, VALIDATION_MESSAGE, { [key]: [`${key} has more than ${MAX_ARRAY_ITEMS} items.`] });
        }
      }
      fields[key] = list;
    } else if (existing === undefined) {
      fields[key] = value;
    } else {
      fields[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
  return fields;
}
