/**
 * The try-it's state as a request for the sample rules (src/api/code-samples.mjs,
 * the same rules the build uses): the server chosen, the path values, query
 * and body the reader entered, and the sandbox scenario's `Prefer` header.
 * Never the token: the samples read it from `$WEBMON_API_TOKEN`.
 *
 * It mirrors what the try-it sends (src/theme/ApiExplorer/buildPostmanRequest.ts):
 * empty values are left out, an array field goes out in bracket form (an
 * emptied one as `tags[]=`), a presence flag only when true. As at build, a
 * query value equal to its default is left out: it changes nothing.
 */
import { propertiesOf } from '@webmon/openapi-core';
import { arrayValues, usesBrackets, type FieldEncoding } from './bracketForm';
import { type ClientMethod, codeSamples, formPairs, type CodeSample, type SampleRequest } from './code-samples.mjs';
import { serverUrl, type TryItServer } from './sandbox';
import type { TryItItem } from './tryItOperation';

interface ParamState {
  name: string;
  value?: unknown;
  allowEmptyValue?: boolean;
  schema?: { type?: string | string[]; default?: unknown };
  'x-presence-flag'?: boolean;
}

interface PropertySchema {
  type?: string | string[];
}

export interface TryItState {
  server: TryItServer | undefined;
  pathParams: ParamState[];
  queryParams: ParamState[];
  /** The theme's body state: `{type: 'form', content: {field: {type, value}}}` or another kind. */
  body: { type?: string; content?: unknown };
  prefer: string | null;
}

const FORM = 'application/x-www-form-urlencoded';
/** The theme keeps typed query and path values percent-encoded (`shop%2Ceu`); the samples encode them once. */
function decoded(value: unknown): string {
  try {
    return decodeURIComponent(String(value));
  } catch {
    return String(value);
  }
}

/**
 * A query value that is its parameter's default changes nothing: the samples
 * leave it out, and so does the try-it's request (buildPostmanRequest.ts), so
 * that both show the same URL.
 */
export const equalsDefault = (param: Pick<ParamState, 'value' | 'schema'>): boolean =>
  param.schema?.default !== undefined && String(param.schema.default) === decoded(param.value);

const isBlank = (value: unknown) => value === undefined || value === null || String(value) === '';
const typeOf = (schema: PropertySchema | undefined) => [schema?.type ?? []].flat().find((t) => t !== 'null');

/** A form value as the client's call takes it: numbers and booleans typed as the schema says. */
function typed(value: unknown, schema: PropertySchema | undefined): unknown {
  const text = String(value);
  const type = typeOf(schema);
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return value;
}

/** The body the try-it sends, as field values; undefined when it sends none. */
function formValues(item: TryItItem, body: TryItState['body']) {
  const media = (item.requestBody?.content as Record<string, { schema?: unknown; encoding?: unknown }> | undefined)?.[
    FORM
  ];
  if (!media || body.type !== 'form' || typeof body.content !== 'object' || body.content === null) return undefined;
  const encoding = media.encoding as FieldEncoding | undefined;
  // The body schemas are allOf compositions (create = the settable fields + what is required).
  const properties: Record<string, PropertySchema> = propertiesOf(item, media.schema);
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(body.content as Record<string, { type?: string; value?: unknown }>)) {
    if (field?.type !== 'string') continue;
    const schema = properties[key];
    const brackets = encoding?.[key]?.['x-form-array-style'] === 'brackets';
    if (brackets || typeOf(schema) === 'array') {
      if (!brackets && isBlank(field.value)) continue;
      values[key] = arrayValues(field.value).map((v) => typed(v, (schema as { items?: PropertySchema })?.items));
    } else if (field.value !== undefined && field.value !== null) values[key] = typed(field.value, schema); // '' sent empty: clears it
  }
  return { values, brackets: usesBrackets(encoding) };
}

/** The request the try-it would send now, for the sample rules. */
export function liveRequest(item: TryItItem, state: TryItState): SampleRequest {
  const servers = (item.servers ?? []) as TryItServer[];
  const server = state.server ?? servers[0];
  const query: SampleRequest['query'] = [];
  for (const param of state.queryParams) {
    if (isBlank(param.value)) continue;
    if (param['x-presence-flag'] || param.allowEmptyValue) {
      if (String(param.value) === 'true') query.push({ name: param.name, value: true, flag: true });
    } else if (!equalsDefault(param)) {
      query.push({ name: param.name, value: typed(decoded(param.value), param.schema) });
    }
  }
  const form = formValues(item, state.body);
  return {
    method: item.method.toUpperCase(),
    baseUrl: server ? serverUrl(server) : '',
    path: item.path,
    pathValues: state.pathParams.map((p) => [p.name, isBlank(p.value) ? '' : decoded(p.value)]),
    query,
    bodyObject: form?.values,
    form: form && formPairs(form.values, form.brackets),
    headers: state.prefer ? [['Prefer', state.prefer]] : [],
    client: clientMethodOf(item),
  };
}

/** The client's method, written into the operation at build time (scripts/prepare-api.mjs), by the client's rule. */
function clientMethodOf(item: TryItItem): ClientMethod {
  const named = (item as { 'x-client-method'?: ClientMethod })['x-client-method'];
  if (!named)
    throw new Error(`${item.operationId ?? item.path}: no x-client-method (scripts/prepare-api.mjs writes it)`);
  return named;
}

export const liveSamples = (item: TryItItem, state: TryItState): CodeSample[] => codeSamples(liveRequest(item, state));
