// When to try a call again, and how long to wait first.
import { APIError, ConnectionError, TimeoutError } from './errors.js';

/**
 * How long to wait between attempts (API-FACTS "backoff strategies").
 * `attempt` below counts retries from 0. Jitter j spreads a delay d over
 * d * (1 - j) .. d * (1 + j), so clients that failed together do not retry together.
 */
export type RetryStrategy =
  /** Fixed delay. Default 1000 ms. */
  | { strategy: 'constant'; delayMs?: number }
  /** baseMs * (attempt + 1), jittered, capped at maxDelayMs. Defaults 1000, 0.2, 30000. */
  | { strategy: 'linear'; baseMs?: number; jitter?: number; maxDelayMs?: number }
  /** baseMs * multiplier^attempt, jittered, capped at maxDelayMs. Defaults 1000, 2, 0.2, 30000. */
  | { strategy: 'exponential'; baseMs?: number; multiplier?: number; jitter?: number; maxDelayMs?: number };

export const DEFAULT_RETRY: RetryStrategy = { strategy: 'constant', delayMs: 1000 };

/**
 * The longest server-asked delay the client waits before retrying (60 s, as
 * openai-python caps Retry-After). A server asking for more (a day, or a
 * value past what setTimeout can hold) fails the call at once instead, with
 * the asked delay on the error (`retryAfterMs`): the caller decides.
 */
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/** The computed delay before retry number `attempt` (0 = the first retry). */
export function backoffDelay(retry: RetryStrategy, attempt: number, random: () => number): number {
  if (retry.strategy === 'constant') return retry.delayMs ?? 1000;
  const base = retry.baseMs ?? 1000;
  const raw = retry.strategy === 'linear' ? base * (attempt + 1) : base * (retry.multiplier ?? 2) ** attempt;
  const jitter = retry.jitter ?? 0.2;
  const jittered = raw * (1 + jitter * (2 * random() - 1));
  return Math.max(0, Math.min(jittered, retry.maxDelayMs ?? 30_000));
}

/**
 * A delay the server asked for, which wins over the computed one:
 * `Retry-After` (seconds or an HTTP date) on any retried answer, and, on a
 * 429, `x-ratelimit-reset` (seconds until the rate-limit window resets).
 * The latter is not used for a 5xx: it describes the rate-limit window,
 * not the server's health.
 */
export function serverDelay(status: number, headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  if (status === 429) {
    const reset = Number(headers.get('x-ratelimit-reset') ?? NaN);
    if (Number.isFinite(reset)) return Math.max(0, reset * 1000);
  }
  return undefined;
}

/** Methods whose repetition cannot do anything twice. PATCH and POST are not among them. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Whether a failed attempt may be repeated.
 * - 429: always; the API refused the request before doing anything.
 * - 5xx: idempotent methods only; a POST that got a 500 may have created the
 *   resource, and a second POST would create it twice.
 * - No answer: idempotent methods always; a POST only when the connection
 *   failed before the request was sent (ConnectionError.beforeSend). A
 *   timeout or a connection that broke after sending never repeats a POST.
 */
export function isRetryable(method: string, error: unknown): boolean {
  if (error instanceof APIError) {
    if (error.status === 429) return true;
    return error.status >= 500 && IDEMPOTENT.has(method);
  }
  if (error instanceof TimeoutError) return IDEMPOTENT.has(method);
  if (error instanceof ConnectionError) return IDEMPOTENT.has(method) || error.beforeSend;
  return false;
}

/**
 * Error codes that mean no connection was made, so the server never saw the
 * request. Node (undici) puts them in `error.cause.code` of fetch's TypeError
 * ("fetch failed"); an AggregateError (several addresses tried) lists them in
 * `cause.errors`. Runtimes that do not expose a code (browsers) never match:
 * a POST is then not retried after a network error, which is the safe side.
 */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const codeOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;

export function failedBeforeSend(error: unknown): boolean {
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  if (NOT_SENT.has(String(codeOf(cause)))) return true;
  const errors = typeof cause === 'object' && cause !== null ? (cause as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) && errors.length > 0 && errors.every((inner) => NOT_SENT.has(String(codeOf(inner))));
}
