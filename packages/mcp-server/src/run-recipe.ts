// Runs a recipe (an Arazzo workflow of the spec) on the sandbox, step by step,
// as `redocly respect` runs it in CI: each step's request sent through the
// client (its encoding, retries and rate-limit waits), its success criteria
// checked, its outputs kept for the steps after it. Only what the recipes use
// is read: runtime expressions `$inputs.x`, `$steps.s.outputs.x`,
// `$statusCode`, `$response.body#/pointer`, `$response.header.x` (whole, or
// embedded as `{$...}`), simple conditions (==, !=, <, <=, >, >=) and regex
// criteria. A step that fails ends the run, as Arazzo's default says.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type ClientOptions, createRequest, operationTable, type OperationRow } from '@webmon/ts-client';
import { describeError } from './describe-error.js';
import { sandboxOperations } from './generated/recipes.js';
import type { Recipe, RecipeStep } from './recipe-spec.js';

interface Scope {
  inputs: Record<string, unknown>;
  steps: Record<string, Record<string, unknown>>;
  statusCode?: number;
  body?: unknown;
  headers?: Headers;
}

/** The API's base URL (`…/v1`) -> the origin the sandbox clock sits on. */
const originOf = (baseUrl: string) => new URL(baseUrl).origin;

export async function runRecipe(
  recipe: Recipe,
  args: Record<string, unknown>,
  client: ClientOptions & { baseUrl: string },
  signal?: AbortSignal,
): Promise<CallToolResult> {
  let last: Response | undefined;
  const onResponse: ClientOptions['onResponse'] = async (response, context) => {
    last = response;
    await client.onResponse?.(response, context);
  };
  const send = {
    api: createRequest({ ...client, onResponse }),
    sandbox: createRequest({ ...client, baseUrl: originOf(client.baseUrl), onResponse }),
  };
  const scope: Scope = { inputs: { ...defaultsOf(recipe.workflow.inputs), ...args }, steps: {} };
  const lines: string[] = [];
  for (const [index, step] of recipe.workflow.steps.entries()) {
    const label = `${index + 1}. ${step.stepId}`;
    last = undefined;
    let request: string;
    try {
      const answer = step['x-operation']
        ? await sendUrl(step['x-operation'], scope, client.fetch ?? fetch, signal)
        : { ...(await sendOperation(step, recipe, scope, send, signal)), response: last };
      request = answer.request;
      Object.assign(scope, {
        statusCode: answer.response?.status,
        body: answer.body,
        headers: answer.response?.headers,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      lines.push(`✗ ${label}: ${describeError(error).replaceAll('\n', '; ')}`);
      return { content: [{ type: 'text', text: lines.join('\n') }], isError: true };
    }
    const checks = (step.successCriteria ?? []).map((criterion) => ({
      text: criterion.type === 'regex' ? `${criterion.context} matches ${criterion.condition}` : criterion.condition,
      held: holds(criterion, scope),
    }));
    const outputs = Object.fromEntries(
      Object.entries(step.outputs ?? {}).map(([name, expression]) => [name, evaluate(expression, scope)]),
    );
    scope.steps[step.stepId] = outputs;
    const failed = checks.some((check) => !check.held);
    lines.push(
      `${failed ? '✗' : '✓'} ${label}: ${request} → ${scope.statusCode}`,
      ...checks.map((check) => `   ${check.held ? 'held' : 'FAILED'}: ${check.text}`),
      ...Object.entries(outputs).map(([name, value]) => `   output ${name} = ${JSON.stringify(value)}`),
    );
    if (failed) return { content: [{ type: 'text', text: lines.join('\n') }], isError: true };
  }
  const outputs = Object.fromEntries(
    Object.entries(recipe.workflow.outputs).map(([name, expression]) => [name, evaluate(expression, scope)]),
  );
  lines.push(`All ${recipe.workflow.steps.length} steps held. Outputs: ${JSON.stringify(outputs)}`);
  return { content: [{ type: 'text', text: lines.join('\n') }] };
}

/** What a step sent (method and path, for the report) and the body it got back. */
interface Sent {
  request: string;
  body: unknown;
  response?: Response;
}

async function sendOperation(
  step: RecipeStep,
  recipe: Recipe,
  scope: Scope,
  send: Record<'api' | 'sandbox', ReturnType<typeof createRequest>>,
  signal: AbortSignal | undefined,
): Promise<Sent> {
  const match = /^\$sourceDescriptions\.([\w-]+)\.(.+)$/.exec(step.operationId ?? '');
  const source = match ? recipe.sources[match[1] ?? ''] : undefined;
  const id = match?.[2] ?? '';
  const operation: OperationRow | undefined =
    source === 'api' ? (operationTable as Record<string, OperationRow>)[id] : sandboxOperations[id];
  if (!source || !operation)
    throw new Error(`step ${step.stepId} names no operation the sandbox has: ${step.operationId}`);
  const parameters = step.parameters ?? [];
  const pathValues = [...operation.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) =>
    evaluate(parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.value, scope),
  );
  const input: Record<string, unknown> = {};
  for (const parameter of parameters)
    if (parameter.in === 'query') input[parameter.name] = evaluate(parameter.value, scope);
  Object.assign(input, formInput(step.requestBody?.payload, scope));
  const body = await send[source](
    // The API's operations go by id (the client's own rows); the clock's by the row generated from its description.
    source === 'api' ? (id as Parameters<(typeof send)['api']>[0]) : operation,
    pathValues,
    Object.keys(input).length ? input : undefined,
    signal ? { signal } : undefined,
  );
  return { request: `${operation.method} ${operation.path}`, body };
}

/** A request that is not an operation (Respect's `x-operation`): a heartbeat's ping URL. */
async function sendUrl(
  target: NonNullable<RecipeStep['x-operation']>,
  scope: Scope,
  fetcher: typeof fetch,
  signal: AbortSignal | undefined,
): Promise<Sent> {
  const url = String(evaluate(target.url, scope));
  const method = (target.method ?? 'GET').toUpperCase();
  const response = await fetcher(url, { method, ...(signal ? { signal } : {}) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text is the body.
  }
  return { request: `${method} ${url}`, body, response };
}

/**
 * A form payload as the client's input: an object's values evaluated, a
 * string's `{$...}` filled in and read as a form; `field[]` keys (the wire's
 * list form, as Respect sends them) gathered into the list `field`.
 */
function formInput(payload: unknown, scope: Scope): Record<string, unknown> {
  const entries: [string, unknown][] =
    typeof payload === 'string'
      ? [...new URLSearchParams(interpolate(payload, scope)).entries()]
      : payload && typeof payload === 'object'
        ? Object.entries(payload).map(([key, value]) => [key, evaluate(value, scope)])
        : [];
  const input: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (!key.endsWith('[]')) input[key] = value;
    else {
      const name = key.slice(0, -2);
      input[name] = [...((input[name] as unknown[] | undefined) ?? []), value];
    }
  }
  return input;
}

/** The value of a runtime expression; any other value as it is (a string with `{$...}` filled in). */
function evaluate(expression: unknown, scope: Scope): unknown {
  if (typeof expression !== 'string') return expression;
  if (!expression.startsWith('$')) return interpolate(expression, scope);
  if (expression === '$statusCode') return scope.statusCode;
  let match = /^\$inputs\.([\w-]+)$/.exec(expression);
  if (match) return scope.inputs[match[1] ?? ''];
  match = /^\$steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
  if (match) return scope.steps[match[1] ?? '']?.[match[2] ?? ''];
  match = /^\$response\.body(?:#(.*))?$/.exec(expression);
  if (match) return atPointer(scope.body, match[1] ?? '');
  match = /^\$response\.header\.(.+)$/.exec(expression);
  if (match) return scope.headers?.get(match[1] ?? '') ?? undefined;
  throw new Error(`runtime expression ${expression} is not one the recipes' runner reads`);
}

const interpolate = (text: string, scope: Scope) =>
  text.replace(/\{(\$[^}]+)\}/g, (_, expression: string) => String(evaluate(expression, scope)));

/** RFC 6901: `/data/0/status` in `body`. */
function atPointer(body: unknown, pointer: string): unknown {
  let node = body;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** One success criterion: a regex over its context, or a simple condition. */
function holds(criterion: NonNullable<RecipeStep['successCriteria']>[number], scope: Scope): boolean {
  if (criterion.type === 'regex') {
    const value = evaluate(criterion.context, scope);
    return value !== undefined && new RegExp(criterion.condition).test(String(value));
  }
  const match = /^(.+?)\s*(==|!=|>=|<=|>|<)\s*(.+)$/.exec(criterion.condition.trim());
  if (!match) throw new Error(`condition ${criterion.condition} is not one the recipes' runner reads`);
  const [, left = '', operator, right = ''] = match;
  const a = operand(left, scope);
  const b = operand(right, scope);
  if (a === undefined || b === undefined) return false;
  if (operator === '==' || operator === '!=') {
    const same = isNumeric(a) && isNumeric(b) ? Number(a) === Number(b) : String(a) === String(b);
    return operator === '==' ? same : !same;
  }
  if (!isNumeric(a) || !isNumeric(b)) return false;
  const [x, y] = [Number(a), Number(b)];
  return operator === '>' ? x > y : operator === '>=' ? x >= y : operator === '<' ? x < y : x <= y;
}

/** A side of a condition: a runtime expression, or a literal (quoted string, number, true, false, null). */
function operand(text: string, scope: Scope): unknown {
  if (text.startsWith('$')) return evaluate(text, scope);
  const quoted = /^"(.*)"$|^'(.*)'$/.exec(text);
  if (quoted) return quoted[1] ?? quoted[2];
  return text === 'null' ? null : text;
}

const isNumeric = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

/** The `default` of each workflow input that has one. */
function defaultsOf(inputs: unknown): Record<string, unknown> {
  const properties = (inputs as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties ?? {};
  return Object.fromEntries(
    Object.entries(properties).flatMap(([name, schema]) =>
      schema.default === undefined ? [] : [[name, schema.default]],
    ),
  );
}
