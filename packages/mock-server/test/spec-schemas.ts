// The API description as a test oracle: the bundle (packages/spec/dist/openapi.json)
// compiled with Ajv 2020 + ajv-formats, independently of the validators the mock
// generates for itself. Every answer a test receives can be checked against the
// schema its operation declares for that status (errors against APIError).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { escapePointerToken, type JsonObject, listOperations, locate, toPointer } from '@webmon/openapi-core';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats ships CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** A Response Object with its `$ref` followed. */
interface ResponseObject {
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}

export interface SpecOperation {
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** Path template below the base path, e.g. `/uptime/{test_id}`. */
  template: string;
  /** As written: an entry may be a Reference Object (components/responses). */
  responses: Record<string, JsonObject>;
  /** JSON pointer of the operation in the bundle, e.g. `#/paths/~1uptime/get`. */
  pointer: string;
}

const require = createRequire(import.meta.url);
export const bundle = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8')) as JsonObject;

const BASE = 'https://spec.local/openapi.json';
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(bundle, BASE);

export const specOperations: SpecOperation[] = listOperations(bundle).map(
  ({ operationId, method, path, operation, pointer }) => ({
    operationId,
    method: method.toUpperCase(),
    template: path,
    responses: operation.responses as Record<string, JsonObject>,
    pointer,
  }),
);

const templatePattern = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** The operation a request hits (path below /v1, without query), if the spec has one. */
export function operationAt(method: string, path: string): SpecOperation | undefined {
  const bare = path.split('?')[0]!;
  return specOperations.find((op) => op.method === method.toUpperCase() && templatePattern(op.template).test(bare));
}

/** The methods a path takes (below /v1): the spec's, and HEAD beside GET. */
export function methodsAt(path: string): string[] {
  const bare = path.split('?')[0]!;
  return specOperations
    .filter((op) => templatePattern(op.template).test(bare))
    .flatMap((op) => (op.method === 'GET' ? ['GET', 'HEAD'] : [op.method]));
}

const validators = new Map<string, ValidateFunction>();
/** A validator for the schema at a JSON pointer of the bundle. */
export function validatorAt(schemaPointer: string): ValidateFunction {
  let validate = validators.get(schemaPointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${BASE}${schemaPointer}` });
    validators.set(schemaPointer, validate);
  }
  return validate;
}

export const schemaValidator = (name: string) => validatorAt(toPointer('components', 'schemas', name));
export const apiErrorValidator = () => schemaValidator('APIError');

/** Follows a response object's `$ref` (components/responses) to the pointer of what it stands for. */
function resolveResponse(operation: SpecOperation, key: string): { object: ResponseObject; at: string } {
  const { value, pointer } = locate<ResponseObject>(
    bundle,
    operation.responses[key],
    `${operation.pointer}/responses/${escapePointerToken(key)}`,
  );
  return { object: value, at: pointer };
}

const formatErrors = (validate: ValidateFunction) =>
  (validate.errors ?? []).map(
    (error) => `${error.instancePath || '/'} ${error.message ?? error.keyword} (${error.schemaPath})`,
  );

/**
 * What is wrong with an answer, measured against the spec; empty when nothing is.
 * - 2xx: the status must be one the operation declares; its JSON schema must accept
 *   the body (or, for a response without content, the body must be empty).
 * - anything else: the body must be an APIError.
 */
export function specProblems(method: string, path: string, status: number, body: unknown, text: string): string[] {
  const operation = operationAt(method, path);
  if (status >= 200 && status < 300) {
    if (!operation) return [`no operation ${method} ${path} in the spec answers ${status}`];
    if (!(String(status) in operation.responses)) {
      return [
        `${operation.operationId} declares no ${status} response (it declares ${Object.keys(operation.responses).join(', ')})`,
      ];
    }
    const { object, at } = resolveResponse(operation, String(status));
    const media = object.content?.['application/json'];
    if (!media)
      return text === ''
        ? []
        : [`${operation.operationId} ${status} has no content in the spec, but a body came: ${text.slice(0, 80)}`];
    const validate = validatorAt(`${at}/content/application~1json/schema`);
    return validate(body) ? [] : formatErrors(validate);
  }
  const validate = apiErrorValidator();
  return validate(body) ? [] : [`error body is not an APIError: ${text.slice(0, 120)}`, ...formatErrors(validate)];
}
