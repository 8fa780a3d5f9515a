// The tools follow the spec with no other edit: a copy of the bundle with a
// bound moved, an enum value added, a field made required and an operation
// added, run through the generator, gives tools that say so.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ToolSpec } from '../src/tool-spec.js';

const require = createRequire(import.meta.url);
const GENERATOR = fileURLToPath(new URL('../scripts/generate.mjs', import.meta.url));

type Bundle = {
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<
      string,
      { properties?: Record<string, Record<string, unknown>>; enum?: string[]; required?: string[] }
    >;
  };
};

let dir: string;
let tools: ToolSpec[];
beforeAll(() => {
  const bundle: Bundle = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8'));
  const schemas = bundle.components.schemas;
  schemas.UptimeTestUpdate!.properties!.timeout!.maximum = 90;
  schemas.UptimeTestType!.enum!.push('UDP');
  schemas.HeartbeatTestCreate!.required = [...(schemas.HeartbeatTestCreate!.required ?? []), 'tags'];
  bundle.paths['/uptime/{test_id}/pause'] = {
    parameters: [{ $ref: '#/components/parameters/test_id' }],
    post: {
      operationId: 'pause-uptime-test',
      summary: 'Pause an uptime check',
      tags: ['uptime'],
      responses: { '204': { description: 'Paused.' } },
    },
  };
  dir = mkdtempSync(join(tmpdir(), 'mcp-spec-edit-'));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(bundle));
  execFileSync(process.execPath, [GENERATOR, `--spec=${join(dir, 'openapi.json')}`, `--out=${dir}`]);
  const source = readFileSync(join(dir, 'tools.ts'), 'utf8');
  tools = JSON.parse(source.slice(source.indexOf('= [') + 2, source.lastIndexOf(';')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;

it('moves a bound, adds an enum value and a required field, and adds a tool for a new operation', () => {
  expect(tool('create-uptime-test').inputSchema.properties.timeout).toMatchObject({ maximum: 90 });
  expect(tool('update-uptime-test').inputSchema.properties.timeout).toMatchObject({ maximum: 90 });
  expect(tool('create-uptime-test').inputSchema.properties.test_type!.enum).toContain('UDP');
  expect(tool('create-heartbeat-test').inputSchema.required).toContain('tags');
  expect(tools).toHaveLength(37);
  expect(tool('pause-uptime-test')).toMatchObject({
    title: 'Pause an uptime check',
    method: 'POST',
    pathParams: ['test_id'],
    inputSchema: { type: 'object', required: ['test_id'], additionalProperties: false },
  });
});
