// What the reader entered, and the call it makes: path values and the input
// object that @webmon/ts-client encodes (the wire rules live there only).
import { type Field, type FieldSchema, type FormModel, isNumeric } from './operation.js';

/** Per field key: text for a single value ('' = not sent), a list of texts, or undefined (not sent). */
export type FormValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Text fields the reader asked to send empty (an update's way to clear them). */
export type SentEmpty = ReadonlySet<string>;

export function initialValues(model: FormModel): FormValues {
  return Object.fromEntries(model.fields.map((field) => [field.key, field.initial]));
}

/** A text as the client's call takes it: numbers and booleans typed as the schema says, else as typed. */
function typed(field: Pick<Field, 'kind' | 'schema'>, text: string): unknown {
  if (field.kind === 'flag') return text === 'true';
  if (field.kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (isNumeric(field.schema) && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  return text;
}

export interface Call {
  pathValues: string[];
  /** The query or the body, as the client's call takes it. */
  input: Record<string, unknown>;
}

export function callOf(model: FormModel, values: FormValues, sentEmpty: SentEmpty = new Set()): Call {
  const pathValues: string[] = [];
  const input: Record<string, unknown> = {};
  for (const field of model.fields) {
    const value = values[field.key];
    if (field.in === 'path') {
      pathValues.push(typeof value === 'string' ? value : '');
      continue;
    }
    if (Array.isArray(value)) {
      const items = field.schema.items ?? {};
      input[field.name] = value.map((item) => typed({ kind: 'text', schema: items }, item));
    } else if (typeof value === 'string' && (value !== '' || sentEmpty.has(field.key))) {
      if (field.kind === 'flag' && value !== 'true') continue;
      input[field.name] = field.commaList ? value.split(',') : typed(field, value);
    }
  }
  return { pathValues, input };
}

/** The required fields left empty, and the "at least one of" groups none of whose fields is sent. */
export function missing(model: FormModel, values: FormValues): string[] {
  const empty = (field: Field) => {
    const value = values[field.key];
    return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  };
  const names = model.fields.filter((field) => field.required && empty(field)).map((field) => field.name);
  for (const group of model.oneOfGroups) {
    const members = model.fields.filter((field) => field.in === 'body' && group.includes(field.name));
    if (members.every(empty)) names.push(group.join(' or '));
  }
  return names;
}

/** PUT and PATCH change only the fields sent: there an empty text clears a field (`find_string=`). */
export const isUpdate = (method: string | undefined): boolean => /^(put|patch)$/i.test(method ?? '');

/** Formats an empty string passes (the rest of JSON Schema's text formats fail it). */
const EMPTY_FORMATS = new Set([undefined, 'password']);

/** Whether `''` passes the schema: no minLength, no format it fails, a pattern that matches it. */
export function takesEmpty(schema: FieldSchema): boolean {
  if ((schema.minLength ?? 0) > 0 || !EMPTY_FORMATS.has(schema.format)) return false;
  if (schema.pattern === undefined) return true;
  try {
    return new RegExp(schema.pattern, 'u').test('');
  } catch {
    return false;
  }
}
