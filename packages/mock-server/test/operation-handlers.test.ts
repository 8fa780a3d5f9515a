// The dispatch table (src/operation-handlers.ts) against the spec: every
// operation of the bundle has exactly one handler that fits it, and the check
// run at load names the operation when the table and the spec disagree.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operations } from '../src/generated/operations.js';
import { createRecord, getRecord, listPage, type OperationHandler } from '../src/handler-kinds.js';
import { handlerProblems, operationHandlers } from '../src/operation-handlers.js';
import { specOperations } from './spec-schemas.js';

type Table = Record<string, OperationHandler>;

/** An operation of the route table by id; the tests below pick real ones. */
function operation(operationId: string) {
  const found = operations.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`the route table has no ${operationId}`);
  return found;
}

describe('the dispatch table', () => {
  it('has one handler per operation of the bundle, and none for anything else', () => {
    const inBundle = specOperations.map((op) => op.operationId).sort();
    expect(inBundle.length).toBeGreaterThan(0);
    expect(Object.keys(operationHandlers).sort()).toEqual(inBundle);
  });

  it('gives every operation of the route table a handler that fits it', () => {
    expect(handlerProblems(operations, operationHandlers)).toEqual([]);
  });

  it('answers page lists, cursor series and locations with the matching kinds', () => {
    for (const op of operations) {
      const kind = operationHandlers[op.operationId]!.kind;
      if (op.pagination === 'page') expect(kind, op.operationId).toBe('list-page');
      if (op.pagination === 'cursor') expect(kind, op.operationId).toBe('series');
      if (op.pagination === 'none') expect(kind, op.operationId).toBe('locations');
    }
  });
});

describe('the check of the table against the spec', () => {
  it('names an operation of the spec left without a handler', () => {
    const { 'get-ssl-test': _dropped, ...table } = operationHandlers;
    expect(handlerProblems(operations, table)).toEqual(['get-ssl-test (GET /ssl/{test_id}) has no handler.']);
  });

  it('names a handler for an operation the spec does not have', () => {
    const table: Table = { ...operationHandlers, 'get-ssl-certificate': getRecord };
    expect(handlerProblems(operations, table)).toEqual([
      'get-ssl-certificate has a handler but is not an operation of the spec.',
    ]);
  });

  it('names an operation whose handler kind does not fit it', () => {
    const table: Table = { ...operationHandlers, 'create-ssl-test': getRecord, 'list-ssl-tests': createRecord };
    const problems = handlerProblems(operations, table);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^list-ssl-tests \(GET \/ssl\) .* handler kind "create" answers POST/);
    expect(problems[1]).toMatch(/^create-ssl-test \(POST \/ssl\) is POST with a body.* handler kind "get" answers GET/);
  });

  it('names an operation on records of a tag with no behaviour', () => {
    const invoices = {
      ...operation('list-ssl-tests'),
      operationId: 'list-invoices',
      path: '/invoices',
      tag: 'invoices',
    };
    const problems = handlerProblems([invoices], { 'list-invoices': listPage });
    expect(problems).toEqual([
      'list-invoices (GET /invoices) works on "invoices" records, which have no behaviour in behaviours.ts.',
    ]);
  });
});

describe('loading the table', () => {
  afterEach(() => {
    vi.doUnmock('../src/generated/operations.js');
    vi.resetModules();
  });

  it('fails, naming the operation, when the spec has one without a handler', async () => {
    vi.resetModules();
    vi.doMock('../src/generated/operations.js', async (importOriginal) => {
      const real = await importOriginal<typeof import('../src/generated/operations.js')>();
      const extra = { ...real.operations[0]!, operationId: 'list-invoices', path: '/invoices' };
      return { ...real, operations: [...real.operations, extra] };
    });
    await expect(import('../src/operation-handlers.js')).rejects.toThrow(
      /does not match the spec's operations:\n- list-invoices \(GET \/invoices\) has no handler\./,
    );
  });
});
