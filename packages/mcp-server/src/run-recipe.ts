// Runs a recipe (an Arazzo workflow of the spec) on the sandbox, step by step,
// as `redocly respect` runs it in CI: each step's request sent through the
// client (its encoding, retries and rate-limit waits), its success criteria
// checked, its outputs kept for the steps after it. The steps come planned as
// calls (scripts/generate-recipes.mjs); their runtime expressions and criteria
// are read and evaluated by @webmon/arazzo, as the recipe pages read them.
// A step that fails ends the run, as Arazzo's default says.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { bodyOf, type Context, criterionText, holds, outputsOf, resolve } from '@webmon/arazzo';
import { type ClientOptions, createRequest, type OperationId } from '@webmon/ts-client';
import { describeError } from './describe-error.js';
import type { Recipe, RecipeCall } from './recipe-spec.js';

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
  const api = createRequest({ ...client, onResponse });
  // One client per other source (the sandbox clock), at its server's path on the sandbox's origin.
  const others = new Map<string, ReturnType<typeof createRequest>>();
  const send: Send = (call, pathValues, input) => {
    const options = signal ? { signal } : undefined;
    // The API's operations go by id: the client's own rows.
    if (call.source === recipe.api) return api(call.operationId as OperationId, pathValues, input, options);
    const baseUrl = originOf(client.baseUrl) + call.basePath;
    const request = others.get(baseUrl) ?? createRequest({ ...client, baseUrl, onResponse });
    others.set(baseUrl, request);
    return request(call.row, pathValues, input, options);
  };
  const defaults = recipe.inputs.filter((input) => input.default !== undefined).map((i) => [i.name, i.default]);
  const context: Context = { inputs: { ...Object.fromEntries(defaults), ...args }, steps: {} };
  const lines: string[] = [];
  for (const [index, step] of recipe.steps.entries()) {
    const label = `${index + 1}. ${step.stepId}`;
    last = undefined;
    let ran: { request: string; checks: { text: string; held: boolean }[]; outputs: Record<string, unknown> };
    try {
      const answer = await sendCall(step.call, context, send, client.fetch ?? fetch, signal);
      const response = answer.response ?? last;
      // Headers by lower-case name, as @webmon/arazzo reads `$response.header.x`.
      context.response = {
        status: response?.status ?? 0,
        headers: Object.fromEntries(response?.headers ?? []),
        body: answer.body,
      };
      ran = {
        request: answer.request,
        checks: step.successCriteria.map((criterion) => ({
          text: criterionText(criterion),
          held: holds(criterion, context),
        })),
        outputs: outputsOf(step.outputs, context),
      };
    } catch (error) {
      if (signal?.aborted) throw error;
      lines.push(`✗ ${label}: ${describeError(error).replaceAll('\n', '; ')}`);
      return { content: [{ type: 'text', text: lines.join('\n') }], isError: true };
    }
    context.steps[step.stepId] = ran.outputs;
    const failed = ran.checks.some((check) => !check.held);
    lines.push(
      `${failed ? '✗' : '✓'} ${label}: ${ran.request} → ${context.response.status}`,
      ...ran.checks.map((check) => `   ${check.held ? 'held' : 'FAILED'}: ${check.text}`),
      ...Object.entries(ran.outputs).map(([name, value]) => `   output ${name} = ${JSON.stringify(value)}`),
    );
    if (failed) return { content: [{ type: 'text', text: lines.join('\n') }], isError: true };
  }
  const outputs = outputsOf(recipe.outputs, context);
  lines.push(`All ${recipe.steps.length} steps held. Outputs: ${JSON.stringify(outputs)}`);
  return { content: [{ type: 'text', text: lines.join('\n') }] };
}

type Send = (
  call: Extract<RecipeCall, { kind: 'operation' }>,
  pathValues: unknown[],
  input: Record<string, unknown> | undefined,
) => Promise<unknown>;

/** What a step sent (method and path, for the report) and the body it got back. */
interface Sent {
  request: string;
  body: unknown;
  response?: Response;
}

/** A step's call with its expressions filled in from the inputs and the earlier steps' outputs. */
async function sendCall(
  call: RecipeCall,
  context: Context,
  send: Send,
  fetcher: typeof fetch,
  signal: AbortSignal | undefined,
): Promise<Sent> {
  if (call.kind === 'url') return sendUrl(String(resolve(call.url, context)), call.method, fetcher, signal);
  const input = resolve(call.input, context) as Record<string, unknown>;
  const body = await send(
    call,
    call.pathValues.map((value) => resolve(value, context)),
    Object.keys(input).length ? input : undefined,
  );
  return { request: `${call.row.method} ${call.row.path}`, body };
}

/** A request that is not an operation (Respect's `x-operation`): a heartbeat's ping URL. */
async function sendUrl(
  url: string,
  method: string,
  fetcher: typeof fetch,
  signal: AbortSignal | undefined,
): Promise<Sent> {
  const response = await fetcher(url, { method, ...(signal ? { signal } : {}) });
  return { request: `${method} ${url}`, body: bodyOf(await response.text()), response };
}
