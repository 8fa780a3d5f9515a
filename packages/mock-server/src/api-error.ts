/** Field name to the messages about it: the `errors` of the APIError shape. */
export type FieldErrors = Record<string, string[]>;

/**
 * A failure the pipeline answers with the API's error shape
 * `{message, errors}`. Thrown anywhere below the pipeline, caught once.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const VALIDATION_MESSAGE = 'The provided parameters are invalid.';

export const notFound = (what: string, id: string) => new ApiError(404, `No ${what} has the id ${id} on this account.`);
