import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { type JsonObject, propertiesOf, toPointer } from '@webmon/openapi-core';
import { closableAt, closeObjectSchemas } from './closed-schemas.js';
import { loadBundle } from './load-bundle.js';

// ajv-formats ships CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const BASE = 'https://spec.local/openapi.json';

export const bundle = loadBundle();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(bundle, BASE);

/** A validator for the schema at a JSON pointer inside the bundle. */
export function validatorAt(schemaPointer: string): ValidateFunction {
  return ajv.compile({ $ref: `${BASE}${schemaPointer}` });
}

const CLOSED = 'https://spec.local/closed.json';
const closedAjv = new Ajv2020({ strict: false, allErrors: true });
addFormats(closedAjv);
closedAjv.addSchema(closeObjectSchemas(bundle), CLOSED);

/**
 * Like validatorAt, but a field the schema does not declare fails, at any
 * depth (object schemas closed where they are used: closed-schemas.ts).
 */
export function closedValidatorAt(schemaPointer: string): ValidateFunction {
  const closed = closableAt(bundle, { $ref: schemaPointer });
  return closedAjv.compile({ $ref: `${CLOSED}${schemaPointer}`, ...(closed && { unevaluatedProperties: false }) });
}

export const schemaValidator = (name: string) => validatorAt(toPointer('components', 'schemas', name));
export const parameterValidator = (name: string) => validatorAt(toPointer('components', 'parameters', name, 'schema'));

/** A property's schema as a reader sees it: allOf members merged (their keywords united, the schema's own win), $refs followed. */
export function propertyOf(schemaName: string, property: string): JsonObject | undefined {
  return propertiesOf(bundle, { $ref: toPointer('components', 'schemas', schemaName) })[property];
}
