// One step of a recipe, run in the page: its values filled from the inputs
// and earlier outputs (@webmon/arazzo), sent through the try-it's Send
// (@webmon/ts-client's createRequest) or, for a URL an answer gave, the
// target's fetch; then its success criteria checked and its outputs read.
import { type Context, holds, outputsOf, resolve } from '@webmon/arazzo';
import { type Exchange, send } from '../wire/send.js';
import type { RecipeStep } from './plan.js';

export interface StepResult {
  exchange: Exchange;
  criteria: { condition: string; context?: string; holds: boolean }[];
  outputs: Record<string, unknown>;
  /** Every criterion held. */
  passed: boolean;
}

export interface RunTarget {
  /** The sandbox's origin: the API is below it at the operation's base path, the clock beside it. */
  origin: string;
  token: string;
  fetch: typeof fetch;
}

/** The answer as expressions read it: headers by lower-case name, the body parsed when it is JSON. */
function answerOf(exchange: Exchange): NonNullable<Context['response']> {
  let body: unknown = exchange.text;
  try {
    body = JSON.parse(exchange.text);
  } catch {
    // Not JSON: expressions read the text.
  }
  const headers = Object.fromEntries(exchange.headers.map(([name, value]) => [name.toLowerCase(), value]));
  return { status: exchange.status ?? 0, headers, body };
}

async function sendUrl(method: string, url: string, target: RunTarget, now: () => number): Promise<Exchange> {
  const request = { method: method as 'GET', url, headers: {} };
  const started = now();
  try {
    const answer = await target.fetch(url, { method, headers: { authorization: `Bearer ${target.token}` } });
    return {
      request,
      status: answer.status,
      headers: [...answer.headers],
      text: await answer.text(),
      ms: now() - started,
    };
  } catch (error) {
    return { request, headers: [], text: '', ms: now() - started, failure: String(error) };
  }
}

export async function runStep(
  step: RecipeStep,
  context: Context,
  target: RunTarget,
  now = () => performance.now(),
): Promise<StepResult> {
  const { call } = step;
  const exchange =
    call.kind === 'url'
      ? await sendUrl(call.method, String(resolve(call.url, context)), target, now)
      : await send(
          call.row,
          {
            pathValues: call.pathValues.map((value) => String(resolve(value, context))),
            input: resolve(call.input, context) as Record<string, unknown>,
          },
          { baseUrl: target.origin + call.basePath, token: target.token, fetch: target.fetch },
          now,
        );
  const answered: Context = exchange.failure ? context : { ...context, response: answerOf(exchange) };
  const criteria = step.successCriteria.map((c) => ({
    condition: c.condition,
    ...(c.context ? { context: c.context } : {}),
    holds: !exchange.failure && holds(c, answered),
  }));
  return {
    exchange,
    criteria,
    outputs: exchange.failure ? {} : outputsOf(step.outputs, answered),
    passed: criteria.every((c) => c.holds),
  };
}
