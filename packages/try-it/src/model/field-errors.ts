/**
 * The per-field messages of an answer the try-it received: the `errors` map of
 * the API's error shape, read by the client's own parser (`parseErrorBody`
 * from @webmon/ts-client, the map a `ValidationError` carries), so the form
 * and the client teach one error model. Pure: test/try-it-form.test.ts.
 */
import { parseErrorBody } from '@webmon/ts-client';

/** The form field an `errors` key is about: `tags[0]`, `tags.0` and `tags` all name `tags`. */
export const fieldOfErrorKey = (key: string): string => key.replace(/[[.].*$/, '');

export interface FieldErrorsOfAnswer {
  /** Field name -> messages, in the answer's order; several keys of one field are joined. */
  readonly byField: ReadonlyMap<string, readonly string[]>;
  /** The answer's own `message`. */
  readonly message: string;
}

const NONE: FieldErrorsOfAnswer = { byField: new Map(), message: '' };

// Every field asks about the same answer: parse it once.
let last: { text: string; result: FieldErrorsOfAnswer } | undefined;

/**
 * The field errors of an answer (its status code and body text). Only answers
 * outside 2xx in the API's error shape have any; anything else has none.
 */
export function fieldErrorsOf(status: number | string | undefined, text: string | undefined): FieldErrorsOfAnswer {
  const code = Number(status);
  if (!text || !Number.isInteger(code) || code < 400) return NONE;
  if (last?.text === text) return last.result;
  const body = parseErrorBody(text);
  const byField = new Map<string, string[]>();
  for (const [key, messages] of Object.entries(body?.errors ?? {})) {
    if (!Array.isArray(messages) || messages.length === 0) continue;
    const field = fieldOfErrorKey(key);
    byField.set(field, [...(byField.get(field) ?? []), ...messages.map(String)]);
  }
  const result = body ? { byField, message: body.message } : NONE;
  last = { text, result };
  return result;
}
