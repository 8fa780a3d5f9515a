// The recipes (packages/spec/workflows/*.arazzo.yaml) run by Redocly's own
// runner, `redocly respect`, against this mock over HTTP: a spec or mock change
// that breaks a workflow fails here, naming the workflow, the step and the
// check that failed. The mock's clock is frozen (start-mock.ts) so the
// maintenance window's "tomorrow 02:00" is known; each workflow runs on an
// account of its own, since each moves its account's sandbox clock.
//
// Respect's schema check runs as a warning: its validator reports every field
// of GET /uptime/{test_id} as an "unevaluated property" (the entity's allOf of
// UptimeTestUpdate, whose website_url rule is an if/then/else), which Ajv 2020
// accepts (every answer of this suite is checked against the bundle: client.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOW, useMock } from './start-mock.js';

const require = createRequire(import.meta.url);
const specDir = dirname(require.resolve('@webmon/spec/package.json'));
const workflowsDir = join(specDir, 'workflows');
const redocly = join(specDir, 'node_modules', '.bin', 'redocly');
const workflowFiles = readdirSync(workflowsDir).filter((file) => file.endsWith('.arazzo.yaml'));

const mock = useMock({ rateLimit: false });
const out = mkdtempSync(join(tmpdir(), 'respect-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/**
 * The instant clocks in `timeZone` show the wall-clock time `naive` (UTC
 * milliseconds of the same date and time), read with Intl: the zone's offset
 * at that time, from the platform's tz database.
 */
function zonedInstant(naive: number, timeZone: string): number {
  const offsetAt = (instant: number) => {
    const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')!.value;
    const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
  };
  return naive - offsetAt(naive - offsetAt(naive));
}

/** Tomorrow 02:00-03:00 in Europe/London, as the recipe "A quiet release" takes it. */
function quietReleaseInputs(): Record<string, string> {
  const today = new Date(NOW);
  const tomorrow = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  const wall = (hour: number) => new Date(tomorrow + hour * 3_600_000).toISOString().replace('.000Z', 'Z');
  const start = zonedInstant(tomorrow + 2 * 3_600_000, 'Europe/London');
  return {
    start_at: wall(2),
    end_at: wall(3),
    timezone: 'Europe/London',
    seconds_to_start: String((start - NOW) / 1000),
  };
}

interface Check {
  name: string;
  passed: boolean;
  severity: string;
  message: string;
}
interface Step {
  stepId: string;
  checks: Check[];
}
interface RespectReport {
  files: Record<string, { executedWorkflows: { workflowId: string; executedSteps: Step[] }[] }>;
}

function respect(file: string, inputs: Record<string, string>): Promise<{ code: number; output: string }> {
  const origin = new URL(mock.url).origin;
  const args = ['respect', join(workflowsDir, file), '-S', `webmon=${mock.url}`, '-S', `sandbox=${origin}`];
  for (const [name, value] of Object.entries(inputs)) args.push('--input', `${name}=${value}`);
  args.push('--severity', 'SCHEMA_CHECK=warn', '-J', join(out, `${file}.json`));
  return new Promise((resolve) => {
    execFile(
      redocly,
      args,
      { cwd: specDir, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/** Every error-severity check that failed, as `workflow / step: check: message`. */
function failures(file: string): string[] {
  const report = JSON.parse(readFileSync(join(out, `${file}.json`), 'utf8')) as RespectReport;
  const found: string[] = [];
  for (const { executedWorkflows } of Object.values(report.files))
    for (const workflow of executedWorkflows)
      for (const step of workflow.executedSteps)
        for (const check of step.checks)
          if (!check.passed && check.severity === 'error')
            found.push(`${workflow.workflowId} / ${step.stepId}: ${check.name}: ${check.message.slice(0, 400)}`);
  return found;
}

describe('the recipes run green against the mock (redocly respect)', () => {
  it('finds the four recipes', () => {
    expect(workflowFiles.sort()).toEqual([
      'heartbeat-for-a-cron-job.arazzo.yaml',
      'monitor-a-site.arazzo.yaml',
      'quiet-release.arazzo.yaml',
      'watch-a-certificate.arazzo.yaml',
    ]);
  });

  it.each(workflowFiles)(
    '%s',
    async (file) => {
      const inputs = {
        token: `respect-${file}-${process.pid}`,
        ...(file.startsWith('quiet-release') ? quietReleaseInputs() : {}),
      };
      const { code, output } = await respect(file, inputs);
      let failed: string[];
      try {
        failed = failures(file);
      } catch {
        throw new Error(`redocly respect wrote no report (exit ${code}):\n${output.slice(-4000)}`);
      }
      expect(failed, `failed steps of ${file}`).toEqual([]);
      expect(code, output.slice(-4000)).toBe(0);
    },
    180_000,
  );
});
