// Request bodies as the API reads them (x-www-form-urlencoded, arrays in
// bracket form). URLSearchParams would percent-encode the brackets and cannot
// say "empty this array"; the API wants `tags[]=a&tags[]=b` and `tags[]=`.
import type { OperationInfo } from './operation-info.js';

const encode = encodeURIComponent;

/**
 * - array fields: one `field[]=value` pair per item; an empty array is `field[]=`
 *   (the API's way to empty a list, which leaving the field out cannot say);
 * - `x` given for a CSV field `x_csv` (uptime `status_codes`): sent as `x_csv=a,b`;
 * - booleans as `true` / `false`, numbers as written; undefined fields are left out.
 */
export function encodeForm(operation: OperationInfo, body: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const key in body) {
    const value = body[key];
    if (value === undefined) continue;
    if (operation.arrays?.includes(key)) {
      const items = Array.isArray(value) ? value : [value];
      const name = `${encode(key)}[]=`;
      if (items.length === 0) pairs.push(name);
      for (const item of items) pairs.push(name + encode(String(item)));
    } else if (Array.isArray(value) && operation.csv?.includes(`${key}_csv`)) {
      pairs.push(`${encode(`${key}_csv`)}=${value.map((item) => encode(String(item))).join(',')}`);
    } else {
      pairs.push(`${encode(key)}=${encode(String(value))}`);
    }
  }
  return pairs.join('&');
}
