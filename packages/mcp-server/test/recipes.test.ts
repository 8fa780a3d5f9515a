// The recipes (the spec's Arazzo workflows) as sandbox tools, driven over
// stdio by the SDK's client as an MCP host would: an agent runs "monitor a
// site and be alerted" end to end, then checks what it left with the API's
// own tools.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { connect, type Session } from './helpers.js';

const require = createRequire(import.meta.url);
const workflowsDir = join(dirname(require.resolve('@webmon/spec/package.json')), 'workflows');
type Workflow = { workflowId: string; steps: { stepId: string }[]; outputs: Record<string, string> };
const workflows: Workflow[] = readdirSync(workflowsDir)
  .filter((file) => file.endsWith('.arazzo.yaml'))
  .flatMap((file) => parse(readFileSync(join(workflowsDir, file), 'utf8')).workflows as Workflow[]);
const workflow = (id: string) => workflows.find((candidate) => candidate.workflowId === id)!;

/** The recipe's outputs, from the last line of its report. */
function outputsOf(text: string): Record<string, unknown> {
  const line = text.split('\n').find((candidate) => candidate.includes('Outputs: '));
  return JSON.parse(line?.split('Outputs: ')[1] ?? 'null');
}

let session: Session;
let tools: Tool[];
beforeAll(async () => {
  session = await connect();
  tools = (await session.client.listTools()).tools;
});
afterAll(() => session?.close());

describe('recipes on the sandbox', () => {
  it('lists one recipe tool per workflow of the spec, with its inputs but the token', () => {
    expect(workflows.length).toBeGreaterThanOrEqual(4);
    const recipes = tools.filter((tool) => tool.name.startsWith('recipe-'));
    expect(recipes.map((tool) => tool.name).sort()).toEqual(workflows.map((w) => `recipe-${w.workflowId}`).sort());
    const monitor = recipes.find((tool) => tool.name === 'recipe-monitor-a-site')!;
    expect(Object.keys(monitor.inputSchema.properties ?? {}).sort()).toEqual(['email', 'website_url']);
    for (const step of workflow('monitor-a-site').steps) expect(monitor.description).toContain(step.stepId);
  });

  it('runs "monitor a site and be alerted" end to end: every step held, and the API shows what it made', async () => {
    const steps = workflow('monitor-a-site').steps;
    const { text, isError } = await session.call('recipe-monitor-a-site', { website_url: 'https://shop.example.org' });
    expect(isError, text).toBe(false);
    const reported = text.split('\n').filter((line) => /^[✓✗] /.test(line));
    expect(reported.map((line) => line.split(':')[0])).toEqual(steps.map((step, i) => `✓ ${i + 1}. ${step.stepId}`));
    expect(text).not.toContain('FAILED');
    const outputs = outputsOf(text);
    expect(Object.keys(outputs).sort()).toEqual(Object.keys(workflow('monitor-a-site').outputs).sort());

    // The agent's own look, through the operation tools: the check alerts the group, and has run for a week.
    const check = JSON.parse((await session.call('get-uptime-test', { test_id: outputs.check_id })).text);
    expect(check.website_url).toBe('https://shop.example.org');
    expect(check.contact_groups).toEqual([outputs.group_id]);
    const alerts = JSON.parse((await session.call('list-uptime-test-alerts', { test_id: outputs.check_id })).text);
    expect(alerts.data.length).toBeGreaterThan(0);
    expect(alerts.data[0].triggered_at).toBe(outputs.latest_alert_at);
  });

  it('runs the heartbeat recipe, whose pings are requests to the check own URL', async () => {
    const { text, isError } = await session.call('recipe-heartbeat-for-a-cron-job', {});
    expect(isError, text).toBe(false);
    expect(outputsOf(text)).toMatchObject({ status_when_late: 'down', status_after_ping: 'up' });
  });

  it('stops at the first step whose criteria fail, and says which', async () => {
    // The window starts far later than the clock is moved: it is still pending when read.
    const { text, isError } = await session.call('recipe-quiet-release', {
      start_at: '2036-01-01T02:00:00Z',
      end_at: '2036-01-01T03:00:00Z',
      seconds_to_start: 60,
    });
    expect(isError).toBe(true);
    const last = text
      .split('\n')
      .filter((line) => /^[✓✗] /.test(line))
      .at(-1);
    expect(last).toMatch(/^✗ \d+\. read-active: GET \/maintenance-windows\/\{window_id\} → 200$/);
    expect(text).toContain('FAILED: $response.body#/data/state == "active"');
    expect(text).not.toContain('Outputs:');
  });

  it('names an argument a recipe does not take, and a missing one, before sending anything', async () => {
    expect(await session.call('recipe-monitor-a-site', { token: 'x' })).toEqual({
      isError: true,
      text: 'Unknown argument(s) token. This recipe takes: website_url, email.',
    });
    const missing = await session.call('recipe-quiet-release', {});
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/^Missing start_at, end_at, seconds_to_start: /);
  });
});
