// The answers the pipeline builds: JSON and 204 responses with the CORS headers
// every answer carries, and the API's error body shape.
import type { FieldErrors } from './api-error.js';
import { operations } from './generated/operations.js';
import type { MockResponse } from './mock-request.js';

/** Browsers may call from any origin (API-FACTS.md: CORS is enabled for every origin). */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after, preference-applied',
};

/** What a preflight (OPTIONS) answer adds: browsers read these there only. The methods are the spec's. */
export const PREFLIGHT_HEADERS: Record<string, string> = {
  'access-control-allow-methods': [...new Set([...operations.map((operation) => operation.method), 'OPTIONS'])].join(
    ', ',
  ),
  'access-control-allow-headers': 'authorization, content-type, prefer, user-agent, x-requested-with',
  'access-control-max-age': '600',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): MockResponse {
  return jsonText(status, JSON.stringify(body), headers);
}

/** A JSON answer from its text, for bodies put together from texts already serialised (records.ts keeps records'). */
export function jsonText(status: number, text: string, headers: Record<string, string> = {}): MockResponse {
  return { status, headers: { 'content-type': 'application/json', ...CORS_HEADERS, ...headers }, body: text };
}

export function noContent(headers: Record<string, string> = {}): MockResponse {
  return { status: 204, headers: { ...CORS_HEADERS, ...headers }, body: null };
}

export function errorBody(message: string, errors: FieldErrors = {}) {
  return { message, errors };
}
