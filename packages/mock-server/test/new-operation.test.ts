// An operation under a method the API does not use yet (PATCH) reaches the
// mock once it is in the spec: the generator, reading the bundle through
// @webmon/openapi-core, puts it in the route table with its validators, the
// router matches it, and the dispatch table's check names it until it has a
// handler (an update answers PATCH as it answers PUT); meanwhile a stop-gap answers it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateRecord } from '../src/handler-kinds.js';
import { handlerProblems, operationHandlers, resolveHandlers } from '../src/operation-handlers.js';
import type { OperationSpec } from '../src/operation-spec.js';
import { createRouter } from '../src/router.js';

const generator = fileURLToPath(new URL('../scripts/generate.mjs', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mock-new-operation-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let table: readonly OperationSpec[];
let validators: Record<string, unknown>;

beforeAll(async () => {
  const bundle = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@webmon/spec/openapi.json'), 'utf8'));
  const item = bundle.paths['/uptime/{test_id}'];
  item.patch = { ...structuredClone(item.put), operationId: 'patch-uptime-test', summary: 'Change some fields' };
  writeFileSync(join(work, 'openapi.json'), JSON.stringify(bundle));
  await promisify(execFile)(process.execPath, [generator, `--spec=${work}/openapi.json`, `--out=${work}/generated`]);
  ({ operations: table } = await import(pathToFileURL(join(work, 'generated', 'operations.ts')).href));
  validators = await import(pathToFileURL(join(work, 'generated', 'validators.js')).href);
}, 120_000);

describe('a PATCH operation added to the spec', () => {
  it('is a route with its parameters and a compiled body validator', () => {
    const patch = table.find((op) => op.operationId === 'patch-uptime-test');
    expect(patch).toMatchObject({ method: 'PATCH', path: '/uptime/{test_id}', pathParams: ['test_id'] });
    expect(patch!.body?.fields).toContain('timeout');
    expect(typeof validators[patch!.body!.validator]).toBe('function');
  });

  it('is matched by the router, and named in the 405 of a method the path does not take', () => {
    const route = createRouter(table);
    const found = route('PATCH', '/uptime/1234567');
    expect(found.operation?.operationId).toBe('patch-uptime-test');
    expect(found.operation && 'params' in found ? found.params : null).toEqual({ test_id: '1234567' });
    expect(route('POST', '/uptime/1234567')).toEqual({
      operation: null,
      allowed: ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH'],
    });
  });

  it('is named by the table check until it has a handler; meanwhile it has a stop-gap, noted', () => {
    expect(handlerProblems(table, operationHandlers)).toEqual([
      'patch-uptime-test (PATCH /uptime/{test_id}) has no handler.',
    ]);
    expect(handlerProblems(table, { ...operationHandlers, 'patch-uptime-test': updateRecord })).toEqual([]);
    // Its id's verb is not a standard kind's: the spec's example answers it (204, no body).
    const { handlers, notes } = resolveHandlers(table, operationHandlers);
    expect(handlers.get('patch-uptime-test')?.kind).toBe('example');
    expect(notes).toEqual([
      'patch-uptime-test (PATCH /uptime/{test_id}) has no fitting handler in operation-handlers.ts: it answers its spec example',
    ]);
  });
});
