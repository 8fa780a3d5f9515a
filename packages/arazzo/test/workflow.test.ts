// The four recipes of @webmon/spec, read: every step has a target this module
// knows, and every expression and criterion in them parses.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isExpression, parseCriterion, parseExpression, readWorkflows, wholeExpression } from '../src/index.js';

const require = createRequire(import.meta.url);
const files = JSON.parse(readFileSync(require.resolve('@webmon/spec/workflows.json'), 'utf8')) as {
  file: string;
  document: unknown;
}[];
const workflows = files.flatMap(({ document }) => readWorkflows(document));

describe('the spec’s workflows, read', () => {
  it('are four, each with its title, description and steps', () => {
    expect(workflows.map((w) => w.workflowId).sort()).toEqual([
      'heartbeat-for-a-cron-job',
      'monitor-a-site',
      'quiet-release',
      'watch-a-certificate',
    ]);
    for (const w of workflows) {
      expect(w.title, w.workflowId).not.toBe('');
      expect(w.description, w.workflowId).not.toBe('');
      expect(w.steps.length, w.workflowId).toBeGreaterThan(2);
      expect(w.inputs.find((i) => i.name === 'token')).toMatchObject({ required: true, format: 'password' });
    }
  });

  it('every expression, form value and criterion parses; every output read names an earlier step', () => {
    for (const w of workflows) {
      const earlier = new Set<string>();
      for (const step of w.steps) {
        const values = [
          ...step.parameters.map((p) => p.value),
          ...(step.form ?? []).map(([, v]) => v),
          ...(step.target.kind === 'url' ? [step.target.url] : []),
        ];
        for (const value of values) {
          const expr = wholeExpression(value);
          if (!expr) {
            expect(typeof value === 'string' && value.includes('{$'), `${step.stepId}: ${String(value)}`).toBe(false);
            continue;
          }
          const parsed = parseExpression(expr);
          if (parsed.kind === 'output') expect(earlier, `${w.workflowId}/${step.stepId}`).toContain(parsed.step);
        }
        for (const criterion of step.successCriteria) expect(() => parseCriterion(criterion)).not.toThrow();
        for (const expr of Object.values(step.outputs))
          expect(isExpression(expr) && parseExpression(expr)).toBeTruthy();
        earlier.add(step.stepId);
      }
    }
  });

  it('reads a string form body into pairs, its repeated key kept', () => {
    const ssl = workflows.find((w) => w.workflowId === 'watch-a-certificate')!.steps[0]!;
    expect(ssl.form).toEqual([
      ['website_url', '{$inputs.website_url}'],
      ['check_rate', '86400'],
      ['alert_expiry', 'true'],
      ['alert_at[]', '30'],
      ['alert_at[]', '7'],
      ['alert_at[]', '1'],
    ]);
    const ping = workflows.find((w) => w.workflowId === 'heartbeat-for-a-cron-job')!.steps[2]!;
    expect(ping.target).toEqual({ kind: 'url', url: '$steps.read-ping-url.outputs.ping_url', method: 'GET' });
  });
});
