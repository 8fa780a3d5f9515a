// JSON Pointers (RFC 6901) in their URI-fragment form, `#/paths/~1uptime/get`,
// as OpenAPI's local references write them.
import { isObject } from './json.js';

export const escapePointerToken = (token: string | number): string =>
  String(token).replaceAll('~', '~0').replaceAll('/', '~1');

/** `~1` before `~0`, so `~01` reads back as `~1` (RFC 6901, section 4). */
export const unescapePointerToken = (token: string): string => token.replaceAll('~1', '/').replaceAll('~0', '~');

/** `toPointer('paths', '/uptime', 'get')` is `#/paths/~1uptime/get`. */
export const toPointer = (...tokens: (string | number)[]): string =>
  `#${tokens.map((token) => `/${escapePointerToken(token)}`).join('')}`;

/** The unescaped tokens of a local pointer; anything but `#` or `#/...` is refused. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '#') return [];
  if (!pointer.startsWith('#/')) {
    throw new Error(`only local references (#/...) are supported, found "${pointer}"`);
  }
  return pointer
    .slice(2)
    .split('/')
    .map((token) => decodeURIComponentOr(unescapePointerToken(token)));
}

/** What a pointer names in `document`; an error naming the pointer when nothing is there. */
export function getAtPointer(document: unknown, pointer: string): unknown {
  let at: unknown = document;
  for (const token of parsePointer(pointer)) {
    const next = Array.isArray(at)
      ? at[Number(token)]
      : isObject(at) && Object.hasOwn(at, token)
        ? at[token]
        : undefined;
    if (next === undefined) throw new Error(`unresolved reference ${pointer}: nothing at "${token}"`);
    at = next;
  }
  return at;
}

// A URI fragment may percent-encode characters (`%7B` for `{`); a pointer
// written by hand rarely does, and a stray `%` must not throw.
function decodeURIComponentOr(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}
