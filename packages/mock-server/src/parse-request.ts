// Reads what a request carries into plain fields, as the API reads the wire:
// the bearer token, the query and path parameters, and the form body (its
// content type, size and encoding). Refuses what the API refuses before any
// schema is consulted; validate.ts then checks the fields against the spec.
import { ApiError } from './api-error.js';
import type { Fields } from './behaviours.js';
import type { MockRequest } from './mock-request.js';
import type { BodySpec, OperationSpec } from './operation-spec.js';
import { collectFields, parsePairs } from './parse-form.js';

/** Bodies above this answer 413 (API-FACTS.md, issue 3). */
export const MAX_BODY_BYTES = 1024 * 1024;

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const FORM = 'application/x-www-form-urlencoded';

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(request: MockRequest): string | undefined {
  return BEARER.exec(request.header('authorization') ?? '')?.[1];
}

// fatal: invalid UTF-8 is refused, not stored as U+FFFD; ignoreBOM: the bytes sent are the text.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A form body's bytes as text: a 400 when they are not UTF-8 (percent-escapes are the form parser's). */
function decodeBody(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new ApiError(
      400,
      'The request body is not valid UTF-8. Send form fields as UTF-8, percent-encoded (application/x-www-form-urlencoded).',
    );
  }
}

/**
 * The operation's parameters: the query's, with spec defaults and presence
 * flags, and the path's, decoded. Values stay wire strings for the validator
 * to coerce.
 */
export function parseParams(operation: OperationSpec, queryString: string, pathParams: Record<string, string>): Fields {
  const query = collectFields(parsePairs(queryString, 'query string'), []);
  const params: Fields = {};
  for (const spec of operation.queryParams) {
    const value = query[spec.name];
    if (spec.presenceFlag) params[spec.name] = value !== undefined;
    else if (value !== undefined) params[spec.name] = value;
    else if (spec.default !== null) params[spec.name] = spec.default;
  }
  for (const name of operation.pathParams) params[name] = decodeURIComponentSafe(pathParams[name] ?? '');
  refuseNonDecimals(
    params,
    operation.queryParams.filter((spec) => spec.numeric).map((spec) => spec.name),
  );
  return params;
}

/**
 * The form body as fields: 413 past MAX_BODY_BYTES, 415 for anything but a
 * form (an empty body without a content type is an empty form). Unless
 * `strictWire`, it also reads what the provider's generated clients send
 * (README, "What the official clients send"): arrays comma-joined under the
 * bare key and booleans as `True`/`False`.
 */
export async function parseBody(spec: BodySpec, request: MockRequest, strictWire = false): Promise<Fields> {
  const type = (request.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const bytes = await request.body(MAX_BODY_BYTES);
  if (bytes === null) throw new ApiError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  if (type !== FORM && !(type === '' && bytes.byteLength === 0)) {
    throw new ApiError(
      415,
      `Request bodies must be application/x-www-form-urlencoded (arrays as field[]=value)${type ? `, not ${type.slice(0, 100)}` : ''}.`,
    );
  }
  const fields = collectFields(parsePairs(decodeBody(bytes), 'body'), spec.arrayFields, !strictWire);
  refuseNonDecimals(fields, spec.numericFields);
  if (!strictWire) lowerCaseBooleans(fields, spec.booleanFields);
  return fields;
}

const ANY_CASE_BOOLEAN = /^(?:true|false)$/i;

/** `True`, `FALSE`... as the validator's `true`/`false`; anything else is left for it to refuse. */
function lowerCaseBooleans(fields: Fields, booleans: readonly string[]): void {
  for (const name of booleans) {
    const value = fields[name];
    if (typeof value === 'string' && ANY_CASE_BOOLEAN.test(value)) fields[name] = value.toLowerCase();
  }
}

/**
 * The validator coerces wire strings with JavaScript's Number(), which also reads
 * `0x1F`, `0b11`, ` 30` and `''`. The API takes decimals only: anything else is
 * swapped for a value the validator rejects as "must be a whole number/number".
 */
function refuseNonDecimals(fields: Fields, numeric: readonly string[]): void {
  for (const name of numeric) {
    const value = fields[name];
    if (value !== undefined)
      fields[name] = Array.isArray(value) ? value.map(decimalOrRefused) : decimalOrRefused(value);
  }
}

/** Longer than any number anyone writes: `1e000…0002` is a decimal, but no value worth echoing into links. */
const MAX_DECIMAL_LENGTH = 40;

const decimalOrRefused = (value: unknown) =>
  typeof value === 'string' && (value.length > MAX_DECIMAL_LENGTH || !DECIMAL.test(value))
    ? { notADecimal: value.slice(0, MAX_DECIMAL_LENGTH) }
    : value;

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ApiError(400, `The path has invalid percent-encoding: "${value.slice(0, 40)}".`);
  }
}
