// The recipes' code, as the recipe pages show it, run against the real mock
// (startServer, rate limits on, as `npx @webmon/mock-server` starts): the
// bash script with curl and jq, the TypeScript with the built
// @webmon/ts-client (Node runs it, its types stripped), and the Go program
// with `go run`. Each must end with every success criterion printed as held
// and each workflow output printed. A spec change that breaks a recipe, or
// a generator writing a request the API refuses, fails here and names the
// step. Needs bash, curl, jq and go (npm test installs them: scripts/system-tools.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { criterionText } from '@webmon/arazzo';
import { type RunningMock, startServer } from '@webmon/mock-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRecipes, type Recipe, recipeCode } from '../src/recipes/index.js';
import { timedInputs } from '../src/recipes/timed-inputs.js';

const require = createRequire(import.meta.url);
const read = (name: string): unknown => JSON.parse(readFileSync(require.resolve(name), 'utf8'));
const documents = { webmon: read('@webmon/spec/openapi.json'), sandbox: read('@webmon/spec/sandbox-clock.json') };
const recipes: Recipe[] = (read('@webmon/spec/workflows.json') as { document: unknown }[]).flatMap(({ document }) =>
  planRecipes(document, { documents, api: 'webmon' }),
);

let mock: RunningMock;
let workDir = '';

beforeAll(async () => {
  mock = await startServer({ port: 0 });
  workDir = mkdtempSync(join(tmpdir(), 'recipe-code-'));
  writeFileSync(join(workDir, 'package.json'), '{ "type": "module", "private": true }\n');
  mkdirSync(join(workDir, 'node_modules', '@webmon'), { recursive: true });
  symlinkSync(
    realpathSync(join(require.resolve('@webmon/ts-client'), '..', '..')),
    join(workDir, 'node_modules', '@webmon', 'ts-client'),
    'dir',
  );
});

afterAll(async () => {
  await mock?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Async: the mock answers from this process, so the child must not block it. */
function run(command: string, args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** The environment a reader sets: the mock, a token of its own, and the inputs that depend on the sandbox's time. */
async function envFor(recipe: Recipe, token: string): Promise<Record<string, string>> {
  const origin = new URL(mock.url).origin;
  const clock = await fetch(`${origin}/sandbox/clock`, { headers: { authorization: `Bearer ${token}` } });
  const now = Date.parse(((await clock.json()) as { data: { now: string } }).data.now);
  const defaults = Object.fromEntries(recipe.inputs.map((i) => [i.name, i.default]));
  const timed = timedInputs(recipe.inputs, defaults, now);
  return {
    WEBMON_MOCK_URL: origin,
    WEBMON_API_TOKEN: token,
    ...Object.fromEntries(Object.entries(timed).map(([name, value]) => [name.toUpperCase(), String(value)])),
  };
}

const COMMANDS: Record<string, (file: string) => [string, string[]]> = {
  cURL: (file) => ['bash', [file]],
  TypeScript: (file) => [process.execPath, [file]],
  Go: (file) => ['go', ['run', file]],
};

describe('the recipes’ code runs against the mock', () => {
  it('covers the four recipes', () => {
    expect(recipes.map((r) => r.workflowId).sort()).toEqual([
      'heartbeat-for-a-cron-job',
      'monitor-a-site',
      'quiet-release',
      'watch-a-certificate',
    ]);
  });

  const cases = recipes.flatMap((recipe) => recipeCode(recipe).map((code) => ({ recipe, code })));
  // As the guides' Go samples: skipped only when there is no Go and SKIP_GO_SAMPLES=1 says so on purpose.
  const noGo = spawnSync('go', ['version']).status !== 0 && process.env.SKIP_GO_SAMPLES === '1';
  const runnable = cases.filter((c) => !(noGo && c.code.lang === 'Go'));
  it.each(runnable.map((c) => [`${c.recipe.workflowId}: ${c.code.label}`, c] as const))(
    '%s',
    async (_, { recipe, code }) => {
      const dir = mkdtempSync(join(workDir, `${code.lang}-`));
      const file = join(dir, code.file);
      writeFileSync(file, code.source);
      const [command, args] = COMMANDS[code.lang]!(file);
      const env = await envFor(recipe, `recipe-${code.lang}-${recipe.workflowId}`);
      const result = await run(command, args, dir, {
        ...env,
        ...(code.lang === 'Go' ? { GO111MODULE: 'off' } : {}),
      });
      expect(result.code, result.out).toBe(0);
      // Every step announced, every criterion held, in order; every workflow output printed with a value.
      const expected = recipe.steps.flatMap((step) => [
        `▸ ${step.stepId}: ${step.description}`,
        ...step.successCriteria.map((c) => `  ✓ ${criterionText(c)}`),
      ]);
      const lines = result.out.split('\n');
      expect(lines.filter((line) => line.startsWith('▸ ') || line.startsWith('  ✓ '))).toEqual(expected);
      for (const name of Object.keys(recipe.outputs))
        expect(lines.find((line) => line.startsWith(`  ${name}: `))?.slice(name.length + 4), name).toMatch(/\S/);
      expect(result.out).not.toMatch(/\bnull\b|undefined|<nil>/);
    },
    180_000,
  );
});
