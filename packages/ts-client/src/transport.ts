// One call, end to end: URL and body from the operation table, headers, hooks,
// throttle, per-attempt timeout, retries with backoff, and the answer read
// into a result or a typed error. Only `fetch`, `AbortController` and timers:
// it runs unchanged on Node >= 20, browsers, Deno and Bun.
import { DEFAULT_BASE_URL, USER_AGENT } from './generated/operations.js';
import { APIError, ConnectionError, TimeoutError, apiError, parseErrorBody, type APIErrorInit } from './errors.js';
import { encodeTarget } from './prepare.js';
import type { OperationInfo } from './operation-info.js';
import {
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY,
  backoffDelay,
  failedBeforeSend,
  isRetryable,
  serverDelay,
  type RetryStrategy,
} from './retry.js';
import {
  sleep as realSleep,
  systemClock,
  systemTimer,
  throttle,
  type Clock,
  type Sleep,
  type Timer,
} from './timing.js';

/** What the hooks learn about an attempt. */
export interface HookContext {
  operationId: string;
  /** 0 for the first attempt, 1 for the first retry, ... */
  attempt: number;
  method: string;
  url: string;
}

export interface ClientOptions {
  /** The API token, sent as `Authorization: Bearer <token>`. */
  token: string;
  /**
   * Default: the description's first server, `https://api.webmon.dev/v1`.
   * The local mock (`pnpm mock`) is `http://localhost:4010/v1`.
   */
  baseUrl?: string;
  /** A fetch to use instead of the global one (a proxy agent, a test double, a recorder). */
  fetch?: typeof fetch;
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /** Backoff between attempts, or `false` to never retry. Default: constant 1 s. */
  retry?: false | RetryStrategy;
  /**
   * The longest delay a server may ask for (`Retry-After`, or
   * `x-ratelimit-reset` on a 429) that the client waits before retrying.
   * Asked for more, the call fails at once with the answer's error
   * (a RateLimitError on a 429) carrying `retryAfterMs`. Default 60000.
   */
  maxRetryAfterMs?: number;
  /** Client-side throttle: at most this many requests start per second. Default: none. */
  rps?: number;
  /**
   * Per attempt, from sending to having read the answer; a timed-out attempt
   * is a TimeoutError (retried for GET, PUT, DELETE). Default: none. An
   * abortable fetch costs undici about a tenth of a loopback call (README,
   * "Measured"), nothing visible over a real network: set it in production
   * (e.g. 30000). Without it, Node's fetch still gives up after 300 s.
   */
  timeoutMs?: number;
  /** Your application's name/version, sent before ours: `my-app/2.1 @webmon/ts-client/1.2.0`. */
  userAgent?: string;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** Sees (and may replace) every attempt's Request before it is sent. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook that returns nothing (or Promise<void>) keeps the request as it is
  onRequest?: (request: Request, context: HookContext) => Request | void | Promise<Request | void>;
  /** Sees every answer before it is read. Clone it to read the body. */
  onResponse?: (response: Response, context: HookContext) => void | Promise<void>;
  /** Waits between attempts and for the throttle (tests inject one that moves a manual clock). */
  sleep?: Sleep;
  /** Time source for the throttle and for `Retry-After` dates. */
  clock?: Clock;
  /** Arms the per-attempt timeout of `timeoutMs` (tests inject one they fire by hand). */
  timer?: Timer;
  /** Source of jitter, in [0, 1). Default Math.random. */
  random?: () => number;
}

/** Per call, after the method's own arguments. */
export interface RequestOptions {
  /** Aborts the call, including a wait between retries. The call rejects with the signal's reason. */
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
  /** Overrides the client's `maxRetryAfterMs` for this call. */
  maxRetryAfterMs?: number;
  headers?: Record<string, string>;
}

export type Send = (
  operationId: string,
  operation: OperationInfo,
  pathValues: readonly unknown[],
  input: Record<string, unknown> | undefined,
  options: RequestOptions | undefined,
) => Promise<unknown>;

const NO_ANSWER = Symbol('timeout');

export function createTransport(options: ClientOptions): Send {
  if (typeof options.token !== 'string' || options.token === '') {
    throw new TypeError('createClient: `token` is required (an API token from the dashboard).');
  }
  const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const wait = options.sleep ?? realSleep;
  const clock = options.clock ?? systemClock;
  const arm = options.timer ?? systemTimer;
  const random = options.random ?? Math.random;
  const retry = options.retry === false ? undefined : (options.retry ?? DEFAULT_RETRY);
  const defaultRetries = retry ? (options.maxRetries ?? 3) : 0;
  const gate = options.rps ? throttle(options.rps, clock, wait) : undefined;
  const common: Record<string, string> = {
    accept: 'application/json',
    'user-agent': options.userAgent ? `${options.userAgent} ${USER_AGENT}` : USER_AGENT,
    ...lowerCased(options.headers),
    authorization: `Bearer ${options.token}`,
  };

  const hooked = Boolean(options.onRequest || options.onResponse);

  return async (operationId, operation, pathValues, input, call) => {
    const hasBody = operation.input === 'body';
    const { url, body } = encodeTarget(operation, base, pathValues, input);
    const extra = call?.headers && lowerCased(call.headers);
    const headers = hasBody
      ? { ...common, 'content-type': 'application/x-www-form-urlencoded', ...extra }
      : extra
        ? { ...common, ...extra }
        : common;
    const method = operation.method;
    const maxRetries = retry ? (call?.maxRetries ?? defaultRetries) : 0;
    const timeoutMs = call?.timeoutMs ?? options.timeoutMs ?? 0;
    const maxRetryAfterMs = call?.maxRetryAfterMs ?? options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    const timed = timeoutMs > 0 && Number.isFinite(timeoutMs);
    const signal = call?.signal;

    // One attempt per turn. Kept in a single async function: this is the hot
    // path, and every extra async layer costs a promise and a tick per call.
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      if (gate) await gate(signal);
      // With a timeout, one controller per attempt that both the timeout and
      // the caller's signal abort. Without one, the caller's signal (if any)
      // goes to fetch as is: a signal costs undici real work on every call.
      let controller: AbortController | undefined;
      let disarm: (() => void) | undefined;
      let abort: (() => void) | undefined;
      if (timed) {
        const own = (controller = new AbortController());
        disarm = arm(timeoutMs, () => own.abort(NO_ANSWER));
        abort = () => own.abort(signal!.reason);
        signal?.addEventListener('abort', abort, { once: true });
      }
      const fetchSignal = controller?.signal ?? signal;
      const init: RequestInit = { method, headers };
      // Keys left out rather than set to undefined: less for undici's Request to look at.
      if (body !== undefined) init.body = body;
      if (fetchSignal) init.signal = fetchSignal;
      let failure: unknown;
      let failureInit: APIErrorInit | undefined;
      try {
        let response: Response;
        if (hooked) {
          const context: HookContext = { operationId, attempt, method, url };
          let request = new Request(url, init);
          if (options.onRequest) request = (await options.onRequest(request, context)) ?? request;
          response = await doFetch(request, fetchSignal ? { signal: fetchSignal } : undefined);
          if (options.onResponse) await options.onResponse(response, context);
        } else {
          response = await doFetch(url, init);
        }
        const text = await response.text();
        if (response.ok) return unwrap(operation, text, response, method, url);
        failureInit = {
          status: response.status,
          headers: response.headers,
          body: parseErrorBody(text),
          method,
          url,
          statusText: response.statusText,
          retryAfterMs: serverDelay(response.status, response.headers, clock.now()),
        };
        failure = apiError(failureInit);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        failure =
          controller?.signal.reason === NO_ANSWER
            ? new TimeoutError(`No answer within ${timeoutMs} ms`, { cause: error, beforeSend: false, method, url })
            : error instanceof APIError
              ? error // the success body was not JSON
              : new ConnectionError(`Network error: ${describeCause(error)}`, {
                  cause: error,
                  beforeSend: failedBeforeSend(error),
                  method,
                  url,
                });
      } finally {
        if (controller) {
          disarm!();
          signal?.removeEventListener('abort', abort!);
        }
      }
      if (attempt >= maxRetries || !isRetryable(method, failure)) throw failure;
      // The server's word wins, up to maxRetryAfterMs: past it, waiting is the caller's call.
      const asked = failureInit?.retryAfterMs;
      if (asked !== undefined && asked > maxRetryAfterMs) {
        throw apiError({
          ...failureInit!,
          note: `not retried: the server asked to wait ${Math.ceil(asked / 1000)} s, more than maxRetryAfterMs (${maxRetryAfterMs} ms)`,
        });
      }
      await wait(asked ?? backoffDelay(retry!, attempt, random), signal);
    }
  };
}

/** Header names in one case, so a caller's `User-Agent` replaces ours instead of joining it. */
function lowerCased(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) out[name.toLowerCase()] = headers[name]!;
  return out;
}

/** fetch's TypeError says "fetch failed"; the useful part is in its cause. */
function describeCause(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown } } | null)?.cause;
  return String(typeof cause?.message === 'string' ? cause.message : ((error as Error | null)?.message ?? error));
}

/** The success body, stepped into along the operation's `unwrap` keys; undefined for 204. */
function unwrap(operation: OperationInfo, text: string, response: Response, method: string, url: string): unknown {
  if (text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw apiError({
      status: response.status,
      headers: response.headers,
      body: undefined,
      method,
      url,
      statusText: 'The answer is not valid JSON',
    });
  }
  for (const key of operation.unwrap ?? []) value = (value as Record<string, unknown> | null)?.[key];
  return value;
}
