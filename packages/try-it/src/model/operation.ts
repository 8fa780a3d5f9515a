// One operation of the description as the form shows it: its fields (path,
// query, body), which are required, which go together ("at least one of"),
// and what each starts with. Read through @webmon/openapi-core, from the
// operation the page carries (its `$ref`s already followed) or the bundle.
import {
  type HttpMethod,
  isListParameter,
  isObject,
  type JsonObject,
  mergeAllOf,
  listOperations,
  propertiesOf,
  resolveRef,
  wireShapeOf,
} from '@webmon/openapi-core';
import type { OperationRow } from '@webmon/ts-client';

/** The operation as a page holds it: an OpenAPI operation object plus its method and path. */
export interface OperationInput {
  operationId: string;
  method: string;
  path: string;
  summary?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  /** Our client's method for it (`x-client-method`), for the ts-client sample. */
  'x-client-method'?: { group: string; method: string };
}

/** The part of a JSON Schema a field looks at. */
export interface FieldSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: FieldSchema;
  description?: string;
  example?: unknown;
}

export type FieldKind = 'select' | 'boolean' | 'number' | 'list' | 'text' | 'flag';
export type FieldPlace = 'path' | 'query' | 'body';

export interface Field {
  /** `body.tags`, `query.page`, `path.test_id`: unique within the form. */
  key: string;
  name: string;
  in: FieldPlace;
  kind: FieldKind;
  required: boolean;
  schema: FieldSchema;
  description?: string;
  /** What the form starts with: the description's example (required fields and groups only) or nothing. */
  initial: string | string[] | undefined;
  /** Shown as the placeholder of a field left empty. */
  example?: string;
  /** A query filter that is a comma-separated list (`tags=web,eu`): sent as the client sends a list. */
  commaList?: true;
}

export interface FormModel {
  operation: OperationInput;
  method: string;
  /**
   * The operation as the client sends it, read from the page's own operation
   * (not the built client's table): under `pnpm dev` a new operation or a new
   * list field is sent right from the next save.
   */
  row: OperationRow;
  fields: Field[];
  /** Body fields of which at least one must be sent (an `anyOf` of `required` branches). */
  oneOfGroups: string[][];
  /** The body's own description (what the fields add up to). */
  bodyDescription?: string;
}

const FORM = 'application/x-www-form-urlencoded';

const typeOf = (schema: FieldSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

export function kindOf(schema: FieldSchema, flag = false): FieldKind {
  if (flag) return 'flag';
  const type = typeOf(schema);
  if (schema.enum?.length && schema.enum.every((v) => typeof v === 'string' || typeof v === 'number')) return 'select';
  if (type === 'boolean') return 'boolean';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'array') return 'list';
  return 'text';
}

/** Integer or number by its type, an enum of numbers included (`check_rate`): what the client's call takes as a number. */
export const isNumeric = (schema: FieldSchema): boolean => {
  const type = typeOf(schema);
  return type === 'integer' || type === 'number';
};
export const isInteger = (schema: FieldSchema): boolean => typeOf(schema) === 'integer';

/** A value as the form's text holds it. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function initialOf(kind: FieldKind, value: unknown): string | string[] | undefined {
  if (value === undefined) return undefined;
  if (kind === 'list') return Array.isArray(value) ? value.map(asText) : undefined;
  if (kind === 'flag') return value === true ? 'true' : undefined;
  return asText(value);
}

function firstExample(holder: JsonObject): unknown {
  if (holder.example !== undefined) return holder.example;
  const examples = holder.examples;
  if (isObject(examples)) {
    const first = Object.values(examples)[0];
    return isObject(first) ? first.value : undefined;
  }
  return undefined;
}

function parameterFields(operation: OperationInput): Field[] {
  const fields: Field[] = [];
  for (const raw of operation.parameters ?? []) {
    if (!isObject(raw) || (raw.in !== 'path' && raw.in !== 'query')) continue;
    const schema = (isObject(raw.schema) ? mergeAllOf(raw.schema, raw.schema) : {}) as FieldSchema;
    const flag = raw['x-presence-flag'] === true;
    const kind = kindOf(schema, flag);
    const required = raw.in === 'path' || raw.required === true;
    const example = firstExample(raw) ?? schema.example;
    fields.push({
      key: `${raw.in}.${String(raw.name)}`,
      name: String(raw.name),
      in: raw.in,
      kind,
      required,
      schema,
      description: typeof raw.description === 'string' ? raw.description : schema.description,
      initial: required ? initialOf(kind, example ?? schema.default) : undefined,
      example: example === undefined || kind === 'flag' ? undefined : asText(example),
      ...(raw.in === 'query' && isListParameter(schema, schema) ? { commaList: true as const } : {}),
    });
  }
  return fields;
}

/** `anyOf: [{required: [tags]}, {required: [tests]}]` -> [['tags', 'tests']]. */
function groupsOf(schema: JsonObject): string[][] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches)) return [];
  const names = branches.map((branch) =>
    isObject(branch) && Array.isArray(branch.required) ? branch.required.map(String) : [],
  );
  if (names.some((list) => list.length !== 1)) return [];
  return [names.map((list) => list[0]!)];
}

function bodyFields(
  operation: OperationInput,
): Pick<FormModel, 'oneOfGroups' | 'bodyDescription'> & { fields: Field[] } {
  const body = operation.requestBody;
  const media = isObject(body) && isObject(body.content) ? body.content[FORM] : undefined;
  if (!isObject(media) || !isObject(media.schema)) return { fields: [], oneOfGroups: [] };
  const merged = mergeAllOf(media.schema, media.schema);
  const required = new Set(Array.isArray(merged.required) ? merged.required.map(String) : []);
  const oneOfGroups = groupsOf(merged);
  const inGroup = new Set(oneOfGroups.flat());
  const example = firstExample(media) ?? merged.example;
  const examples = isObject(example) ? example : {};
  const fields: Field[] = [];
  for (const [name, property] of Object.entries(propertiesOf(media.schema, media.schema))) {
    if (property.readOnly === true) continue;
    const schema = property as FieldSchema;
    const kind = kindOf(schema);
    const sample = examples[name] ?? schema.example;
    const prefilled = required.has(name) || inGroup.has(name);
    fields.push({
      key: `body.${name}`,
      name,
      in: 'body',
      kind,
      required: required.has(name),
      schema,
      description: schema.description,
      initial: prefilled ? initialOf(kind, sample ?? schema.default) : undefined,
      example: sample === undefined ? undefined : asText(sample),
    });
  }
  // A group none of whose members the example fills: its first member's own example, so Send works as it is.
  for (const group of oneOfGroups) {
    const members = fields.filter((field) => group.includes(field.name));
    if (members.some((field) => field.initial !== undefined)) continue;
    const first = members.find((field) => field.schema.example !== undefined);
    if (first) first.initial = initialOf(first.kind, first.schema.example);
  }
  return {
    fields,
    oneOfGroups,
    bodyDescription: typeof merged.description === 'string' ? merged.description : undefined,
  };
}

/** The client's row for the operation: method, path, and its wire shape as openapi-core reads it. */
function rowOf(operation: OperationInput): OperationRow {
  const parameters = (operation.parameters ?? []).filter(isObject).map((parameter) => ({
    name: String(parameter.name),
    in: String(parameter.in),
    required: parameter.required === true,
    schema: isObject(parameter.schema) ? parameter.schema : {},
    parameter,
    pointer: '',
  }));
  const entry = {
    method: operation.method.toLowerCase() as HttpMethod,
    path: operation.path,
    operationId: operation.operationId,
    operation: { requestBody: operation.requestBody },
    parameters,
    pointer: '',
  };
  // The page's operation has its `$ref`s followed: it is its own document.
  return {
    method: operation.method.toUpperCase() as OperationRow['method'],
    path: operation.path,
    ...wireShapeOf(entry.operation, entry),
  };
}

/** `node` with every `$ref` followed; a schema that contains itself stops as `{}` at its second visit. */
function dereferenced(document: unknown, node: unknown, seen = new Set<unknown>()): unknown {
  const value = resolveRef(document, node);
  if (Array.isArray(value)) return value.map((item) => dereferenced(document, item, seen));
  if (!isObject(value)) return value;
  if (seen.has(value)) return {};
  const inner = new Set(seen).add(value);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, dereferenced(document, item, inner)]));
}

/**
 * Every operation of a bundle as a reference page holds it (its `$ref`s
 * followed, as the reference plugin writes them), with only what the form
 * reads: what a host that has no reference page (a guide) hands the try-it.
 */
export function operationInputs(bundle: unknown): OperationInput[] {
  return listOperations(bundle).map(({ path, method, operationId, operation, parameters }) => ({
    operationId,
    method,
    path,
    ...(typeof operation.summary === 'string' ? { summary: operation.summary } : {}),
    parameters: parameters.map((entry) => dereferenced(bundle, entry.parameter)),
    ...(operation.requestBody === undefined ? {} : { requestBody: dereferenced(bundle, operation.requestBody) }),
    ...(isObject(operation['x-client-method'])
      ? { 'x-client-method': operation['x-client-method'] as OperationInput['x-client-method'] }
      : {}),
  }));
}

export function formModel(operation: OperationInput): FormModel {
  const body = bodyFields(operation);
  return {
    operation,
    row: rowOf(operation),
    method: operation.method.toUpperCase(),
    fields: [...parameterFields(operation), ...body.fields],
    oneOfGroups: body.oneOfGroups,
    bodyDescription: body.bodyDescription,
  };
}
