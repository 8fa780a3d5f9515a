// One step of a recipe, run in the page: its values filled from the inputs
// and earlier outputs (@webmon/arazzo), sent through the try-it's Send
// (@webmon/ts-client's createRequest) or, for a URL an answer gave, the
// target's fetch; then its success criteria checked and its outputs read.
import { bodyOf, type Context, holds, outputsOf, resolve } from '@webmon/arazzo';
import { serverDelay } from '@webmon/ts-client';
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
  const headers = Object.fromEntries(exchange.headers.map(([name, value]) => [name.toLowerCase(), value]));
  return { status: exchange.status ?? 0, headers, body: bodyOf(exchange.text) };
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

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait a 429 names, read as the client reads it (`x-ratelimit-reset`, or `Retry-After`); at least a second. */
const waitAfter = (exchange: Exchange, now: number) =>
  Math.max(1000, serverDelay(429, new Headers(exchange.headers), now) ?? 1000);

/**
 * Runs one step. A 429 (the sandbox allows 5 requests a second, as the API)
 * is sent again after the wait it names, as the client and the recipe's code
 * do, so a run never fails on the pace of its own steps.
 */
export async function runStep(
  step: RecipeStep,
  context: Context,
  target: RunTarget,
  { now = () => performance.now(), sleep = wait }: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<StepResult> {
  let exchange = await sendStep(step, context, target, now);
  for (let tries = 1; exchange.status === 429 && tries < 10; tries++) {
    await sleep(waitAfter(exchange, Date.now()));
    exchange = await sendStep(step, context, target, now);
  }
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

function sendStep(step: RecipeStep, context: Context, target: RunTarget, now: () => number): Promise<Exchange> {
  const { call } = step;
  return call.kind === 'url'
    ? sendUrl(call.method, String(resolve(call.url, context)), target, now)
    : send(
        call.row,
        {
          pathValues: call.pathValues.map((value) => String(resolve(value, context))),
          input: resolve(call.input, context) as Record<string, unknown>,
        },
        { baseUrl: target.origin + call.basePath, token: target.token, fetch: target.fetch },
        now,
      );
}

/** The sandbox account's time (`GET /sandbox/clock`, beside the API), in ms: what the time-dependent inputs are computed from. */
export async function sandboxNow(target: RunTarget, sleep = wait): Promise<number> {
  for (let tries = 0; ; tries++) {
    const answer = await target.fetch(`${target.origin}/sandbox/clock`, {
      headers: { authorization: `Bearer ${target.token}` },
    });
    if (answer.status === 429 && tries < 10) {
      await sleep(1000);
      continue;
    }
    const now = Date.parse(((await answer.json()) as { data?: { now?: string } }).data?.now ?? '');
    if (Number.isNaN(now)) throw new Error(`the sandbox clock answered ${answer.status}`);
    return now;
  }
}
