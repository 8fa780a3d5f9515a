// Checks parsed fields against the spec's schemas, compiled ahead of time into
// src/generated/validators.js, and answers 400 with every failing field at once.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ApiError, VALIDATION_MESSAGE, type FieldErrors } from './api-error.js';
import type { Fields } from './behaviours.js';
import { contentMessages, toFieldErrors } from './error-messages.js';
import * as contentValidators from './generated/content-validators.js';
import * as validators from './generated/validators.js';
import type { BodySpec, JsonFieldSpec } from './operation-spec.js';

const validatorNamed = (name: string) => (validators as Record<string, ValidateFunction>)[name]!;

/**
 * Runs the named compiled validator, which also coerces wire strings in place,
 * and throws every failure at once.
 */
export function validate(validatorName: string, data: Fields): void {
  const validator = validatorNamed(validatorName);
  if (validator(data)) return;
  throw new ApiError(400, VALIDATION_MESSAGE, toFieldErrors(validator.errors as ErrorObject[]));
}

/**
 * Validates a parsed form body; a field the body does not have is a failing
 * field too. When the schema refuses some fields, `ownChecks` (the resource's
 * checks across records and fields, behaviours.ts) runs on the fields it
 * accepted, so that one 400 names every failing field: an unknown contact
 * group beside a timeout out of range, a bad time zone beside a missing tag.
 */
export function validateBody(spec: BodySpec, fields: Fields, ownChecks?: (accepted: Fields) => FieldErrors): Fields {
  const unknown = Object.keys(fields).filter((name) => !spec.fields.includes(name));
  // Unknown fields are failing fields like any other: reported together with the
  // invalid values sent beside them (every failing field at once), not before them.
  const errors: FieldErrors = Object.fromEntries(
    unknown.map((name) => [name.slice(0, 100), [`${name.slice(0, 100)} is not a field of this request`]]),
  );
  // Validate what was sent; the create handler fills in the defaults afterwards:
  // a required field that also has a default (heartbeat `period`, SPEC.md
  // section 5) must still be sent.
  const validator = validatorNamed(spec.validator);
  if (!validator(fields)) Object.assign(errors, toFieldErrors(validator.errors as ErrorObject[]));
  for (const json of spec.jsonFields) {
    const value = fields[json.name];
    if (typeof value === 'string' && value !== '' && !errors[json.name]) {
      const problem = jsonProblem(json, value);
      if (problem) errors[json.name] = [problem];
    }
  }
  if (Object.keys(errors).length) {
    const accepted = Object.fromEntries(Object.entries(fields).filter(([name]) => !(name in errors)));
    throw new ApiError(400, VALIDATION_MESSAGE, { ...ownChecks?.(accepted), ...errors });
  }
  return fields;
}

/**
 * What is wrong with the JSON text of a `contentMediaType: application/json`
 * field, checked against its `contentSchema`; undefined when nothing is.
 */
function jsonProblem(spec: JsonFieldSpec, text: string): string | undefined {
  const such = spec.example === null ? '' : ` such as ${JSON.stringify(spec.example)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${spec.name} is not valid JSON: send a JSON object${such}`;
  }
  const validator = (contentValidators as Record<string, ValidateFunction>)[spec.validator]!;
  if (validator(parsed)) return undefined;
  const [first] = contentMessages(spec.name, validator.errors as ErrorObject[]);
  return `${first}: send a JSON object${such}`;
}

/**
 * An update must leave a record the update schema accepts as a whole: rules
 * across fields (uptime `website_url` by `test_type`, an if/then in the spec)
 * hold when only one of the fields is sent. Checks the stored fields with the
 * sent ones over them; a failure names the field at fault, sent or stored.
 */
export function validateMerged(spec: BodySpec, stored: Fields, sent: Fields): void {
  const merged: Fields = {};
  for (const name of spec.fields) {
    const value = name in sent ? sent[name] : stored[name];
    // Copies of lists: the validator coerces in place, and these are the record's own.
    if (value !== undefined) merged[name] = Array.isArray(value) ? [...value] : value;
  }
  validate(spec.validator, merged);
}

/** Throws the failures a resource's own checks found (behaviours.ts), if any. */
export function refuseFieldErrors(errors: FieldErrors | undefined): void {
  if (errors && Object.keys(errors).length) throw new ApiError(400, VALIDATION_MESSAGE, errors);
}
