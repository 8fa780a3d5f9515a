// A workflow as calls: each step's operation looked up in its source
// description (method, path, wire shape, the client's method), and its
// parameters and form body arranged as the client takes them (path values in
// the path's order, `tags[]` pairs as a `tags` array, literals typed by the
// schema). Values that are runtime expressions stay expressions: the page
// fills them from earlier answers, the code generators write them as code.
// The result is plain JSON, computed at build time and carried by the page.
import { readWorkflows, type Workflow, type WorkflowStep } from '@webmon/arazzo';
import {
  bodyPropertySchemas,
  type ClientMethodName,
  clientMethodNames,
  formMediaType,
  type JsonObject,
  listOperations,
  wireShapeOf,
} from '@webmon/openapi-core';
import type { OperationRow } from '@webmon/ts-client';

export interface OperationCall {
  kind: 'operation';
  source: string;
  operationId: string;
  row: OperationRow;
  /** The source's server path below the host (`/v1` for the API, `` for the sandbox clock). */
  basePath: string;
  /** `client.<group>.<method>`, for an operation of the API (the one source the client is generated from). */
  client?: ClientMethodName;
  /** Path values in the path's order, as written (a value or a runtime expression). */
  pathValues: unknown[];
  /** The query or the form body as the client takes it: arrays for repeated `name[]` pairs. */
  input: Record<string, unknown>;
}

/** `x-operation`: a URL an earlier step handed over (a heartbeat's ping URL). */
export interface UrlCall {
  kind: 'url';
  method: string;
  url: unknown;
}

export interface RecipeStep extends Omit<WorkflowStep, 'target' | 'parameters' | 'form'> {
  call: OperationCall | UrlCall;
}

export interface Recipe extends Omit<Workflow, 'steps'> {
  steps: RecipeStep[];
  /** The sandbox's origin in the source descriptions' servers: where the recipe runs outside the page. */
  mockOrigin: string;
}

export interface RecipeSources {
  /** Source descriptions by the names the workflows give them. */
  documents: Record<string, unknown>;
  /** The source the client (@webmon/ts-client) is generated from. */
  api: string;
}

const serverOf = (document: unknown): URL => {
  const servers = (document as { servers?: { url: string; variables?: Record<string, { default: string }> }[] })
    .servers;
  const server = servers?.[0];
  if (!server) throw new Error('a source description without a server');
  return new URL(server.url.replace(/\{(\w+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? name));
};

/** A literal as the schema types it (`'86400'` -> 86400 for an integer); expressions and other values as written. */
function typed(value: unknown, schemas: readonly JsonObject[]): unknown {
  if (typeof value !== 'string' || value.startsWith('$') || value.startsWith('{$')) return value;
  // An array field's items are what a `name[]` pair carries.
  const types = new Set(schemas.flatMap((s) => [s.type, (s.items as JsonObject | undefined)?.type].flat()));
  if ((types.has('integer') || types.has('number')) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (types.has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function operationCall(step: WorkflowStep, sources: RecipeSources): OperationCall {
  if (step.target.kind !== 'operation') throw new Error('not an operation');
  const { source, operationId } = step.target;
  const document = sources.documents[source];
  if (!document) throw new Error(`step ${step.stepId}: no source description ${source}`);
  const entry = listOperations(document).find((e) => e.operationId === operationId);
  if (!entry) throw new Error(`step ${step.stepId}: ${source} has no operation ${operationId}`);
  const row: OperationRow = {
    method: entry.method.toUpperCase() as OperationRow['method'],
    path: entry.path,
    ...wireShapeOf(document, entry),
  };
  const pathNames = [...entry.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const pathValues = pathNames.map((name) => {
    const parameter = step.parameters.find((p) => p.in === 'path' && p.name === name);
    if (!parameter) throw new Error(`step ${step.stepId}: no value for path parameter ${name}`);
    return parameter.value;
  });
  const input: Record<string, unknown> = {};
  for (const p of step.parameters.filter((p) => p.in === 'query')) {
    const schema = entry.parameters.find((q) => q.in === 'query' && q.name === p.name)?.schema;
    if (!schema) throw new Error(`step ${step.stepId}: ${operationId} has no query parameter ${p.name}`);
    input[p.name] = typed(p.value, [schema]);
  }
  const media = formMediaType(document, entry.operation);
  const properties = media ? bodyPropertySchemas(document, media.schema) : new Map<string, JsonObject[]>();
  for (const [written, value] of step.form ?? []) {
    const name = written.replace(/\[\]$/, '');
    const schemas = properties.get(name);
    if (!schemas) throw new Error(`step ${step.stepId}: ${operationId} has no body field ${name}`);
    const item = typed(value, schemas);
    if (written.endsWith('[]')) input[name] = [...((input[name] as unknown[] | undefined) ?? []), item];
    else input[name] = item;
  }
  const client = source === sources.api ? clientMethodNames(document).get(operationId) : undefined;
  return {
    kind: 'operation',
    source,
    operationId,
    row,
    basePath: serverOf(document).pathname.replace(/\/+$/, ''),
    ...(client ? { client } : {}),
    pathValues,
    input,
  };
}

/** Every workflow of an Arazzo document, as calls against `sources`; an error names a step that does not fit them. */
export function planRecipes(document: unknown, sources: RecipeSources): Recipe[] {
  const origins = Object.entries(sources.documents)
    .filter(([name]) => name !== sources.api)
    .map(([, doc]) => serverOf(doc).origin);
  const mockOrigin = origins[0];
  if (!mockOrigin) throw new Error('no sandbox source description, so no mock to run the recipes on');
  return readWorkflows(document).map(({ steps, ...workflow }) => ({
    ...workflow,
    mockOrigin,
    steps: steps.map(({ target, parameters, form, ...step }) => ({
      ...step,
      call:
        target.kind === 'url'
          ? { kind: 'url', method: target.method, url: target.url }
          : operationCall({ target, parameters, ...(form ? { form } : {}), ...step }, sources),
    })),
  }));
}
