// Query strings as the API reads them: presence flags bare, lists comma-joined.
import type { OperationInfo } from './operation-info.js';

const encode = encodeURIComponent;

/**
 * - presence flags (`matchany`, `nouptime`): the bare name when true, nothing
 *   when false; `?matchany=false` would still read as "present";
 * - arrays (`tags`): items comma-joined, the commas left literal; an empty one is left out;
 * - undefined and null values are left out.
 * Returns '' or a string starting with '?'.
 */
export function encodeQuery(operation: OperationInfo, query: Record<string, unknown> | undefined): string {
  let out = '';
  for (const key in query) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    let pair: string;
    if (operation.flags?.includes(key)) {
      if (value !== true) continue;
      pair = encode(key);
    } else if (Array.isArray(value)) {
      // No items, no filter: `tags=` would be a malformed list, not "no tags".
      if (value.length === 0) continue;
      pair = `${encode(key)}=${value.map((item) => encode(String(item))).join(',')}`;
    } else {
      pair = `${encode(key)}=${encode(String(value))}`;
    }
    out += (out ? '&' : '?') + pair;
  }
  return out;
}
