// Where a call goes and what it carries on the wire: the URL (path values
// encoded, the query in the API's list and flag forms) and the form body.
// The transport sends exactly this; `prepareRequest` shows it without sending
// (the docs' try-it and code samples), so nothing else re-encodes the wire.
import { encodeForm } from './encode-form.js';
import { encodePathSegment } from './encode-path.js';
import { encodeQuery } from './encode-query.js';
import type { OperationInfo } from './operation-info.js';
import { DEFAULT_BASE_URL, operations } from './generated/operations.js';
import type { OperationId } from './types.js';

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** The error a call with a missing path value (or too many) gets, before anything is sent; undefined if none. */
export function pathValuesProblem(operation: OperationInfo, pathValues: readonly unknown[]): TypeError | undefined {
  const count = operation.path.split('{').length - 1;
  if (pathValues.length === count && !pathValues.some((value) => value === undefined || value === null || value === ''))
    return undefined;
  return new TypeError(`${operation.method} ${operation.path}: expected ${count} path value(s)`);
}

/** The URL and body of a call to `operation` below `base` (no trailing slash). */
export function encodeTarget(
  operation: OperationInfo,
  base: string,
  pathValues: readonly unknown[],
  input: Record<string, unknown> | undefined,
): { url: string; body?: string } {
  let i = 0;
  const path = pathValues.length
    ? operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodePathSegment(name, pathValues[i++]))
    : operation.path;
  if (operation.input === 'body') return { url: base + path, body: encodeForm(operation, input ?? {}) };
  return { url: base + path + encodeQuery(operation, input) };
}

export interface PreparedRequest {
  method: OperationInfo['method'];
  url: string;
  /** `content-type` when there is a body, and the `headers` asked for; never a token. */
  headers: Record<string, string>;
  body?: string;
}

/**
 * The request a call would send, without sending it: `prepareRequest('create-uptime-test', [], { tags: ['a'] })`
 * -> `{ method: 'POST', url: '.../uptime', body: 'tags[]=a', ... }`. `operation` is an operationId of
 * this client or an operation's row (method, path and wire shape, as @webmon/openapi-core's
 * `wireShapeOf` reads them from a bundle), for an operation this client was not generated with.
 * Throws a TypeError for an unknown operation or a missing path value, as a call would.
 */
export function prepareRequest(
  operation: OperationId | Omit<OperationInfo, 'success' | 'unwrap'>,
  pathValues: readonly unknown[],
  input?: Record<string, unknown>,
  options: { baseUrl?: string; headers?: Record<string, string> } = {},
): PreparedRequest {
  const row =
    typeof operation === 'string'
      ? (operations as Record<string, OperationInfo>)[operation]
      : { success: 0, ...operation };
  if (!row) throw new TypeError(`Unknown operation: ${String(operation)}`);
  const problem = pathValuesProblem(row, pathValues);
  if (problem) throw problem;
  const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const { url, body } = encodeTarget(row, base, pathValues, input);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers['content-type'] = FORM_MEDIA_TYPE;
  return body === undefined ? { method: row.method, url, headers } : { method: row.method, url, headers, body };
}
