import { isObject, type JsonObject } from './json.js';
import { getAtPointer } from './pointer.js';

/** A node and the pointer where its content lives once its `$ref`s are followed. */
export interface Located<T = unknown> {
  value: T;
  /** The last reference followed, or the pointer the caller gave when there was none. */
  pointer: string;
}

/**
 * Follows `$ref` (local references, chains included) and returns what it
 * names. Keywords written beside a `$ref` apply too (OpenAPI 3.1): they are
 * kept and win over the target's (`{$ref: Region, writeOnly: true}` is a
 * write-only Region). A reference loop is an error naming the chain.
 */
export function resolveRef<T = unknown>(document: unknown, node: unknown): T {
  return locate<T>(document, node, '#').value;
}

/** Like resolveRef, also saying where the resolved content lives (for validators compiled by pointer). */
export function locate<T = unknown>(document: unknown, node: unknown, pointer: string): Located<T> {
  let current = node;
  let at = pointer;
  const siblings: JsonObject = {};
  const chain: string[] = [];
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (chain.includes(ref)) throw new Error(`reference loop: ${[...chain, ref].join(' -> ')}`);
    chain.push(ref);
    // Nearer siblings win over farther ones: assign only what is not set yet.
    for (const [key, value] of Object.entries(current)) if (key !== '$ref' && !(key in siblings)) siblings[key] = value;
    current = getAtPointer(document, ref);
    at = ref;
  }
  const value = Object.keys(siblings).length && isObject(current) ? { ...current, ...siblings } : current;
  return { value: value as T, pointer: at };
}
