// The shape of one entry of the generated route table (src/generated/operations.ts):
// everything the mock needs to know about an operation, read from the bundle.

/** Upper-case HTTP method; the list comes from @webmon/openapi-core through the generator. */
export type { HttpMethod } from './generated/http-methods.js';
import type { HttpMethod } from './generated/http-methods.js';

/** `x-pagination` of a list operation; null for operations that are not lists. */
export type Pagination = 'page' | 'cursor' | 'none' | null;

export interface QueryParamSpec {
  name: string;
  /** Sent with no value (`?matchany`): presence means true. */
  presenceFlag: boolean;
  default: unknown;
  /** Integer or number: the wire value must be a plain decimal. */
  numeric: boolean;
}

/** A string field that holds JSON (`contentMediaType: application/json`), checked against its `contentSchema`. */
export interface JsonFieldSpec {
  name: string;
  /** Export name of the content schema's validator in src/generated/validators.js. */
  validator: string;
  /** The content schema's example, for messages; null when it has none. */
  example: unknown;
}

export interface BodySpec {
  /** Export name of the body's validator in src/generated/validators.js. */
  validator: string;
  /** Fields holding JSON text, each checked once parsed. */
  jsonFields: JsonFieldSpec[];
  /** Fields of type array: they take `field[]=v` pairs, and `field[]=` (or `field=`) empties them. */
  arrayFields: string[];
  /** Integer or number fields (or arrays of them): wire values must be plain decimals. */
  numericFields: string[];
  /** Boolean fields: outside strict wire mode, `True`/`FALSE` read as true/false (what Python's generated client sends). */
  booleanFields: string[];
  /** Every field the body may carry. */
  fields: string[];
  /** Spec defaults, applied on create only (an update changes only the fields sent). */
  defaults: Record<string, unknown>;
}

export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template below the base path, e.g. `/uptime/{test_id}`. */
  path: string;
  tag: string;
  pagination: Pagination;
  successStatus: number;
  pathParams: string[];
  queryParams: QueryParamSpec[];
  paramsValidator: string;
  body: BodySpec | null;
  /** The success answer's JSON example in the spec, or null (none, or no body: 204). */
  successExample: unknown;
}

export interface EntityFieldSpec {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  nullable: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  required: boolean;
  default: unknown;
}

/** A resource (one tag) as the spec describes it. */
export interface ResourceSpec {
  /** The entity's fields as a get-one answer holds them (writeOnly ones are request-only). */
  entityFields: Record<string, EntityFieldSpec>;
  /** The fields a page-list item keeps, or null when the resource has no page list. */
  listFields: string[] | null;
}

/** An operation's examples in the description (src/generated/examples.ts), read by the seed. */
export interface OperationExamples {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The form body's example, or null. */
  body: Record<string, unknown> | null;
}
