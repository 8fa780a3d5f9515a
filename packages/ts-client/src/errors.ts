// What a call can fail with. Every answer outside 2xx is an APIError (or one
// of its subclasses, chosen by status) carrying the API's error shape; a
// request that never got an answer is a ConnectionError (or TimeoutError).
// Each class sets `name` by hand: minifiers rename classes, and logs should
// still say what failed.
import type { components } from './generated/api.js';

/** The API's error body: a message plus field name -> messages. */
export type ErrorBody = components['schemas']['APIError'];
export type FieldErrors = ErrorBody['errors'];

/**
 * The API's error shape read from an answer's text, when it is one; anything
 * else (HTML from a proxy, an empty body) is undefined. Exported so that other
 * readers of the API's answers (the portal's try-it) see the same `errors` map.
 */
export function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody> | null;
    if (parsed && typeof parsed.message === 'string') return { message: parsed.message, errors: parsed.errors ?? {} };
  } catch {
    // not JSON
  }
  return undefined;
}

export interface APIErrorInit {
  status: number;
  headers: Headers;
  /** The parsed error body, or undefined when the answer was not the API's JSON shape. */
  body: ErrorBody | undefined;
  method: string;
  url: string;
  /** Used when the body carries no message (e.g. an HTML page from a proxy). */
  statusText?: string;
  /** The delay the answer asked for (`Retry-After`, or `x-ratelimit-reset` on a 429), in ms. */
  retryAfterMs?: number;
  /** Why the call stopped here, when the client chose to (appended to the message). */
  note?: string;
}

/** `message (HTTP 400) — timeout: must be between 5 and 75; name: is required` */
function describe(init: APIErrorInit): string {
  const message = init.body?.message || init.statusText || 'The API answered with an error';
  const fields = Object.entries(init.body?.errors ?? {})
    .filter(([, messages]) => messages.length)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`);
  return `${message} (HTTP ${init.status} on ${init.method} ${init.url})${fields.length ? ` — ${fields.join('; ')}` : ''}${init.note ? ` — ${init.note}` : ''}`;
}

/** An answer outside 2xx. `errors` holds the per-field messages of a 400. */
export class APIError extends Error {
  override name = 'APIError';
  readonly status: number;
  /** Field name -> messages; empty when the failure is not about fields. */
  readonly errors: FieldErrors;
  /** The answer's headers (x-ratelimit-*, retry-after, ...). */
  readonly headers: Headers;
  readonly body: ErrorBody | undefined;
  readonly method: string;
  readonly url: string;
  /**
   * How long the server asked to wait before trying again, in ms
   * (`Retry-After`, or `x-ratelimit-reset` on a 429); undefined when it did not say.
   */
  readonly retryAfterMs: number | undefined;

  constructor(init: APIErrorInit) {
    super(describe(init));
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.errors = init.body?.errors ?? {};
    this.headers = init.headers;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
  }
}

/** 400: the request was not valid; `errors` says which fields and why. */
export class ValidationError extends APIError {
  override name = 'ValidationError';
}

/** 401: the token is missing or not valid. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}

/** 404: no resource has that id on this account. */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}

/** 429: a rate limit was hit (and retries, if any, did not get past it). */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** Seconds until the window resets, from `x-ratelimit-reset`. */
  get resetSeconds(): number | undefined {
    const value = Number(this.headers.get('x-ratelimit-reset') ?? NaN);
    return Number.isFinite(value) ? value : undefined;
  }
}

const byStatus: Record<number, typeof APIError> = {
  400: ValidationError,
  401: AuthenticationError,
  404: NotFoundError,
  429: RateLimitError,
};

export const apiError = (init: APIErrorInit): APIError => new (byStatus[init.status] ?? APIError)(init);

/** No answer: the connection failed or broke. `cause` is what fetch threw. */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
  /**
   * True when the connection was refused or the host not found, so the
   * request cannot have reached the server (which makes retrying a POST safe).
   */
  readonly beforeSend: boolean;
  readonly method: string;
  readonly url: string;

  constructor(message: string, init: { cause: unknown; beforeSend: boolean; method: string; url: string }) {
    super(`${message} (${init.method} ${init.url})`, { cause: init.cause });
    this.beforeSend = init.beforeSend;
    this.method = init.method;
    this.url = init.url;
  }
}

/** No answer within `timeoutMs`. */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
}
