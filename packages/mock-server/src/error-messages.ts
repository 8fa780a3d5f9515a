import type { ErrorObject } from 'ajv';
import type { FieldErrors } from './api-error.js';

type Schema = Record<string, unknown>;

const list = (values: unknown) => (values as unknown[]).map((v) => String(v)).join(', ');

const FORMAT_NAMES: Record<string, string> = {
  uri: 'a valid URL',
  email: 'a valid email address',
  'date-time': 'an RFC 3339 date-time such as 2026-12-01T01:00:00Z',
  ipv4: 'a valid IPv4 address',
  ipv6: 'a valid IPv6 address',
  int64: 'a 64-bit integer',
};

const TYPE_NAMES: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  string: 'a string',
  array: 'a list',
  object: 'an object',
};

/** A description's first sentence as plain text (no Markdown code marks, no final full stop); the next may start with code (`UK` ...). */
const firstSentence = (description: string) =>
  (description.split(/\.\s+(?=`?[A-Z])/)[0] ?? '').replaceAll('`', '').replace(/\.$/, '');

/** `^https://` reads as "must begin with https://"; other patterns are explained by the field's description and example. */
function patternMessage(field: string, pattern: string, schema: Schema): string {
  const prefix = /^\^([A-Za-z0-9:/._-]+)$/.exec(pattern);
  if (prefix) return `${field} must begin with ${prefix[1]}`;
  const described = typeof schema.description === 'string' ? firstSentence(schema.description) : '';
  // The schema's example shows the format, where the description's sentence does not already.
  const example =
    (typeof schema.example === 'string' || typeof schema.example === 'number') && !/\be\.g\./.test(described)
      ? `e.g. ${schema.example}`
      : '';
  const hint = [described, example].filter(Boolean).join(', ');
  return `${field} is not in the expected format${hint ? `: ${hint}` : ''}`;
}

function rangeMessage(field: string, schema: Schema, keyword: string, limit: unknown): string {
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  if (minimum !== undefined && maximum !== undefined) return `${field} must be between ${minimum} and ${maximum}`;
  return keyword === 'minimum' ? `${field} must be at least ${limit}` : `${field} must be at most ${limit}`;
}

/**
 * A field that takes one value, sent several times; a comma-separated list
 * (its pattern separates items with commas: query `tags`) says how to send
 * several values in one.
 */
function repeatedMessage(field: string, values: unknown[], schema: Schema): string {
  const sent = `${field} was sent ${values.length} times`;
  if (typeof schema.pattern === 'string' && schema.pattern.includes(',')) {
    const joined = values.map((value) => String(value).slice(0, 40)).join(',');
    return `${sent}: it takes one comma-separated value, e.g. ${field}=${joined}`;
  }
  return `${sent}: send it once`;
}

/**
 * One Ajv error as a sentence a person understands, e.g. `timeout must be
 * between 5 and 75`. `wire`: the value came from the query or a form, where a
 * list can only be a field sent more than once (not JSON content's array).
 */
function describe(error: ErrorObject, field: string, wire = true): string {
  const schema = (error.parentSchema ?? {}) as Schema;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${String(params.missingProperty)} is required`;
    case 'type':
      // A field sent more than once (`limit=5&limit=10`) reaches the schema as a list.
      if (wire && Array.isArray(error.data) && params.type !== 'array')
        return repeatedMessage(field, error.data, schema);
      return `${field} must be ${TYPE_NAMES[String(params.type)] ?? String(params.type)}`;
    case 'enum':
      return `${field} must be one of: ${list(params.allowedValues)}`;
    case 'const':
      return `${field} must be ${String(params.allowedValue)}`;
    case 'minimum':
    case 'maximum':
      return rangeMessage(field, schema, error.keyword, params.limit);
    case 'exclusiveMinimum':
      return `${field} must be greater than ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `${field} must be less than ${String(params.limit)}`;
    case 'minLength':
      return Number(params.limit) === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters long`;
    case 'minItems':
    case 'maxItems': {
      const { minItems, maxItems } = schema as { minItems?: number; maxItems?: number };
      if (minItems !== undefined && minItems === maxItems) return `${field} must hold exactly ${minItems} values`;
      return error.keyword === 'minItems'
        ? `${field} must hold at least ${String(params.limit)} values`
        : `${field} must hold at most ${String(params.limit)} values`;
    }
    case 'format':
      if (params.format === 'date-time' && typeof error.data === 'string') return dateTimeMessage(field, error.data);
      return `${field} is not ${FORMAT_NAMES[String(params.format)] ?? `a valid ${String(params.format)}`}`;
    case 'pattern':
      return patternMessage(field, String(params.pattern), schema);
    default:
      return `${field} ${error.message ?? 'is not valid'}`;
  }
}

/**
 * A date and time written another way: `2027-01-03 02:00:00 UTC` (Ruby's
 * `Time#to_s`, what its generated client sends), `2027-01-03 02:00 +0100`...
 * Groups: date, hours and minutes, seconds, fraction, zone.
 */
const OTHER_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ Tt](\d{2}:\d{2})(:\d{2})?(\.\d+)?\s*(UTC|GMT|Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date-time that is not RFC 3339 is the sender's mistake, refused in every
 * mode: the message quotes it and, when it reads as one, names the same
 * instant in the form expected.
 */
function dateTimeMessage(field: string, value: string): string {
  const general = `${field} is not ${FORMAT_NAMES['date-time']}`;
  // Matched, the trimmed text is short enough to quote.
  const trimmed = value.trim();
  const parts = OTHER_DATE_TIME.exec(trimmed);
  if (!parts) return general;
  const [, date, minutes, seconds = ':00', fraction = '', zone = 'Z'] = parts;
  const offset = /^(UTC|GMT|Z)$/i.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const expected = `${date}T${minutes}${seconds}${fraction}${offset}`;
  // Already in the form (a month 13, a 25th hour): the date itself is what is wrong.
  if (expected === value) return general;
  return `${field} is not an RFC 3339 date-time: "${trimmed}" is not RFC 3339, the form expected is ${expected}`;
}

/** What a wire value was: the decimals check (parse-request.ts) wraps a non-decimal as `{notADecimal}`. */
const wireText = (data: unknown): string | undefined =>
  typeof data === 'string'
    ? data
    : typeof (data as { notADecimal?: unknown } | null)?.notADecimal === 'string'
      ? (data as { notADecimal: string }).notADecimal
      : undefined;

/**
 * The message for one item of an array that holds a comma: a list joined with
 * commas (`tags=a,b`, as some generated clients send arrays) instead of one
 * pair per value. It shows the bracket form with the values sent.
 */
export function commaJoinedMessage(field: string, label: string, value: string): string {
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, 3)
    .map((part) => (part.length > 40 ? `${part.slice(0, 40)}…` : part));
  // The values sent, when there are two or more to show; else placeholders.
  const shownParts = parts.length >= 2 ? parts : ['a', 'b'];
  const pairs = shownParts.map((part) => `${field}[]=${part}`).join('&');
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return `${label} holds a comma ("${shown}"): arrays are sent one pair per value, not comma-joined; send ${pairs}`;
}

/** `/alert_at/1` -> `alert_at` (the field), `alert_at[1]` (what the message names). */
function locate(error: ErrorObject): { field: string; label: string } {
  const tokens = error.instancePath
    .split('/')
    .slice(1)
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    return { field: tokens[0] ?? missing, label: missing };
  }
  const [field = 'body', ...rest] = tokens;
  return { field, label: field + rest.map((t) => `[${t}]`).join('') };
}

/**
 * Ajv's errors as the API's `errors` map: every failing field, each with every
 * message that applies. An unmet "at least one of" (anyOf over required lists,
 * as for maintenance windows' tests/tags) becomes one message under each field.
 */
export function toFieldErrors(errors: readonly ErrorObject[]): FieldErrors {
  const result: FieldErrors = Object.create(null) as FieldErrors;
  const add = (field: string, message: string) => {
    const messages = (result[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  const anyOfPaths = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.schemaPath);
  const insideAnyOf = (error: ErrorObject) => anyOfPaths.find((path) => error.schemaPath.startsWith(`${path}/`));
  for (const path of anyOfPaths) {
    const branchFields = [
      ...new Set(errors.filter((e) => e.schemaPath.startsWith(`${path}/`)).map((e) => locate(e).label)),
    ];
    for (const field of branchFields)
      add(field, `at least one of ${branchFields.join(' or ')} must be given, not empty`);
  }
  // A value of the wrong type fails its other checks too ('abc' is none of
  // check_rate's values): the type is the one mistake to name.
  const wrongType = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  // A value that misses its pattern ('notaurl') is no valid URL either: the
  // pattern's sentence, from the field's description, says what it takes.
  const offPattern = new Set(errors.filter((e) => e.keyword === 'pattern').map((e) => e.instancePath));
  for (const error of errors) {
    // `if` only says its `then` failed; the `then`'s own errors name the field.
    if (error.keyword === 'anyOf' || error.keyword === 'if' || insideAnyOf(error)) continue;
    if (error.keyword !== 'type' && wrongType.has(error.instancePath)) continue;
    if (error.keyword === 'format' && offPattern.has(error.instancePath)) continue;
    const { field, label } = locate(error);
    const text = label !== field ? wireText(error.data) : undefined;
    add(field, text?.includes(',') ? commaJoinedMessage(field, label, text) : describe(error, label));
  }
  return result;
}

/**
 * Messages for the parsed content of a JSON text field (its `contentSchema`),
 * naming what failed inside it: `custom_header`, `custom_header.X-Env`.
 */
export function contentMessages(field: string, errors: readonly ErrorObject[]): string[] {
  return errors.map((error) => {
    const path = error.instancePath
      .split('/')
      .slice(1)
      .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
    return describe(error, [field, ...path].join('.'), false);
  });
}
