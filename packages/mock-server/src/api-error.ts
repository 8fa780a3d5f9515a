/** Field name to the messages about it: the `errors` of the APIError shape. */
export type FieldErrors = Record<string, string[]>;

/**
 * Marks an ApiError of any copy of this module. `pnpm dev` loads a fresh copy
 * of the mock per reload, and the new pipeline keeps the old one's accounts
 * and rate limiter (MockApi.adoptStateOf), which throw the old copy's class:
 * `instanceof` took their 429s for bugs and answered 500.
 */
const API_ERROR: unique symbol = Symbol.for('@webmon/mock-server:ApiError');

/**
 * A failure the pipeline answers with the API's error shape
 * `{message, errors}`. Thrown anywhere below the pipeline, caught once.
 */
export class ApiError extends Error {
  readonly [API_ERROR] = true;

  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** Whether `error` is an ApiError, thrown by this copy of the module or another. */
  static is(error: unknown): error is ApiError {
    return typeof error === 'object' && error !== null && API_ERROR in error;
  }
}

export const VALIDATION_MESSAGE = 'The provided parameters are invalid.';

export const notFound = (what: string, id: string) => new ApiError(404, `No ${what} has the id ${id} on this account.`);
