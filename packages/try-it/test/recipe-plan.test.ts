import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { planRecipes } from '../src/recipes/index.js';
import { timedInputs } from '../src/recipes/timed-inputs.js';
import { wireOf } from '../src/recipes/wire.js';

const require = createRequire(import.meta.url);
const read = (name: string): unknown => JSON.parse(readFileSync(require.resolve(name), 'utf8'));
const documents = { webmon: read('@webmon/spec/openapi.json'), sandbox: read('@webmon/spec/sandbox-clock.json') };
const recipes = (read('@webmon/spec/workflows.json') as { document: unknown }[]).flatMap(({ document }) =>
  planRecipes(document, { documents, api: 'webmon' }),
);
const step = (workflowId: string, stepId: string) =>
  recipes.find((r) => r.workflowId === workflowId)!.steps.find((s) => s.stepId === stepId)!;

describe('a workflow as calls', () => {
  it('types a string body’s values by the schema and gathers repeated `name[]` pairs into an array', () => {
    const { call } = step('watch-a-certificate', 'create-ssl-check');
    expect(call).toMatchObject({
      kind: 'operation',
      basePath: '/v1',
      client: { group: 'ssl', method: 'create' },
      input: { website_url: '{$inputs.website_url}', check_rate: 86400, alert_expiry: true, alert_at: [30, 7, 1] },
    });
  });

  it('puts path values in the path’s order and keeps expressions for the run', () => {
    const { call } = step('monitor-a-site', 'read-history');
    expect(call).toMatchObject({
      row: { method: 'GET', path: '/uptime/{test_id}/history', input: 'query' },
      pathValues: ['$steps.create-uptime-check.outputs.check_id'],
      input: { limit: 10 },
    });
  });

  it('sends the sandbox clock at the mock’s root, with no client method', () => {
    const { call } = step('heartbeat-for-a-cron-job', 'let-an-hour-pass');
    expect(call).toMatchObject({ kind: 'operation', basePath: '', row: { method: 'POST', path: '/sandbox/clock' } });
    expect(call).not.toHaveProperty('client');
    expect(recipes[0]!.mockOrigin).toBe('http://localhost:4010');
  });

  it('writes the wire with the client’s encoding and a hole per expression', () => {
    const wire = wireOf(step('monitor-a-site', 'create-uptime-check'));
    expect(wire.url).toEqual([{ origin: true }, { text: '/v1/uptime' }]);
    expect(wire.form?.at(-1)).toEqual([
      'contact_groups[]',
      [
        {
          expression: { kind: 'output', step: 'create-contact-group', name: 'group_id' },
          source: '$steps.create-contact-group.outputs.group_id',
        },
      ],
    ]);
  });
});

describe('inputs that depend on the sandbox’s time', () => {
  const declared = [{ name: 'start_at' }, { name: 'end_at' }, { name: 'seconds_to_start' }, { name: 'timezone' }];
  it('tomorrow 02:00 in London: British Summer Time in June, GMT in January', () => {
    const june = Date.parse('2026-06-15T12:00:00Z');
    expect(timedInputs(declared, { timezone: 'Europe/London', duration_seconds: 3600 }, june)).toEqual({
      start_at: '2026-06-16T02:00:00Z',
      end_at: '2026-06-16T03:00:00Z',
      seconds_to_start: 13 * 3600,
    });
    const january = Date.parse('2026-01-10T12:00:00Z');
    expect(timedInputs(declared, { timezone: 'Europe/London' }, january)).toMatchObject({
      seconds_to_start: 14 * 3600,
    });
  });

  it('fills nothing a recipe does not declare, or that is given', () => {
    expect(timedInputs([{ name: 'start_at' }], {}, 0)).toEqual({});
    expect(timedInputs(declared, { start_at: 'x' }, 0)).toEqual({});
  });
});
