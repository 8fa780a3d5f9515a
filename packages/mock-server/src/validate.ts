// Checks parsed fields against the spec's schemas, compiled ahead of time into
// src/generated/validators.js, and answers 400 with every failing field at once.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ApiError, VALIDATION_MESSAGE, type FieldErrors } from './api-error.js';
import type { Fields } from './behaviours.js';
import { toFieldErrors } from './error-messages.js';
import * as validators from './generated/validators.js';
import type { BodySpec } from './operation-spec.js';

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

/** Validates a parsed form body; a field the body does not have is a failing field too. */
export function validateBody(spec: BodySpec, fields: Fields): Fields {
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
  if (Object.keys(errors).length) throw new ApiError(400, VALIDATION_MESSAGE, errors);
  return fields;
}

/** Throws the failures a resource's own checks found (behaviours.ts), if any. */
export function refuseFieldErrors(errors: FieldErrors | undefined): void {
  if (errors && Object.keys(errors).length) throw new ApiError(400, VALIDATION_MESSAGE, errors);
}
