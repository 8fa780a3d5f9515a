// The page's runner (runStep, the recipe page's "Run all") against the
// mock's in-page sandbox (createSandbox, the same pipeline the page loads,
// rate limits on), here in Node: every step of every recipe passes with its
// values filled from earlier outputs, the sandbox clock steps included. The
// sandbox's clock is a manual one, so "a week later" is the same every run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Context, criterionText } from '@webmon/arazzo';
import { createSandbox } from '@webmon/mock-server/browser';
import { describe, expect, it } from 'vitest';
import { planRecipes, type Recipe, runStep, sandboxNow, timedInputs } from '../src/recipes/index.js';
import { SANDBOX_BASE_URL } from '../src/wire/environment.js';

const require = createRequire(import.meta.url);
const read = (name: string): unknown => JSON.parse(readFileSync(require.resolve(name), 'utf8'));
const documents = { webmon: read('@webmon/spec/openapi.json'), sandbox: read('@webmon/spec/sandbox-clock.json') };
const recipes: Recipe[] = (read('@webmon/spec/workflows.json') as { document: unknown }[]).flatMap(({ document }) =>
  planRecipes(document, { documents, api: 'webmon' }),
);

/** A clock the test moves: the sandbox's rate limiter reads it, and a 429's wait moves it on. */
function manualClock(start: number) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('the recipe page’s runner, on the in-page sandbox', () => {
  it.each(recipes.map((r) => [r.workflowId, r] as const))('%s: every step passes', async (_, recipe) => {
    const clock = manualClock(Date.parse('2026-11-22T12:00:00Z'));
    const sandbox = createSandbox({ clock });
    const target = { origin: new URL(SANDBOX_BASE_URL).origin, token: sandbox.token, fetch: sandbox.fetch };
    const sleep = async (ms: number) => clock.advance(ms);
    const defaults = Object.fromEntries(
      recipe.inputs.flatMap((i) => (i.default === undefined ? [] : [[i.name, i.default]])),
    );
    const context: Context = {
      inputs: { ...defaults, ...timedInputs(recipe.inputs, defaults, await sandboxNow(target, sleep)) },
      steps: {},
    };
    const failed: string[] = [];
    for (const step of recipe.steps) {
      const result = await runStep(step, context, target, { sleep });
      context.steps = { ...context.steps, [step.stepId]: result.outputs };
      for (const [i, criterion] of step.successCriteria.entries())
        if (!result.criteria[i]?.holds)
          failed.push(
            `${step.stepId}: ${criterionText(criterion)} (${result.exchange.status} ${result.exchange.text.slice(0, 200)})`,
          );
    }
    expect(failed).toEqual([]);
    for (const [name, expression] of Object.entries(recipe.outputs)) {
      const [, stepId, output] = /^\$steps\.([^.]+)\.outputs\.(.+)$/.exec(expression)!;
      expect(context.steps[stepId!]?.[output!], name).toBeDefined();
    }
  });

  it('sends a step again after a 429, once the wait it names has passed', async () => {
    const clock = manualClock(Date.parse('2026-11-22T12:00:00Z'));
    const sandbox = createSandbox({ clock });
    const target = { origin: new URL(SANDBOX_BASE_URL).origin, token: sandbox.token, fetch: sandbox.fetch };
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      clock.advance(ms);
    };
    const step = recipes.find((r) => r.workflowId === 'heartbeat-for-a-cron-job')!.steps[0]!;
    const context: Context = { inputs: { name: 'Backup', period: 30 }, steps: {} };
    for (let i = 0; i < 5; i++) await runStep(step, context, target, { sleep });
    expect(waits).toEqual([]);
    const sixth = await runStep(step, context, target, { sleep });
    expect(waits).toEqual([1000]);
    expect(sixth.exchange.status).toBe(201);
    expect(sixth.passed).toBe(true);
  });
});
