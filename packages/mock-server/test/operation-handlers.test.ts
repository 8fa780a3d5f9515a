// The dispatch table (src/operation-handlers.ts) against the spec: every
// operation of the bundle has exactly one handler that fits it; an operation
// the table does not cover (an edit under way) gets a stop-gap and a note.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operations } from '../src/generated/operations.js';
import {
  createRecord,
  exampleAnswer,
  getRecord,
  listPage,
  updateRecord,
  type OperationHandler,
} from '../src/handler-kinds.js';
import { handlerProblems, operationHandlers, resolveHandlers } from '../src/operation-handlers.js';
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

  it('still loads when the spec has an operation without a handler: a stop-gap answers it, and a note names it', async () => {
    vi.resetModules();
    vi.doMock('../src/generated/operations.js', async (importOriginal) => {
      const real = await importOriginal<typeof import('../src/generated/operations.js')>();
      const extra = { ...real.operations[0]!, operationId: 'list-invoices', path: '/invoices' };
      return { ...real, operations: [...real.operations, extra] };
    });
    const loaded = await import('../src/operation-handlers.js');
    expect(loaded.handlerNotes).toEqual([
      'list-invoices (GET /invoices) has no fitting handler in operation-handlers.ts: it answers its spec example',
    ]);
  });
});

describe('stop-gaps for an operation without a fitting handler', () => {
  const put = operation('update-contact-group');
  const patch = { ...put, method: 'PATCH' as const, operationId: 'update-contact-group-fields' };
  const members = {
    ...operation('get-contact-group'),
    operationId: 'list-contact-group-members',
    path: '/contact-groups/{group_id}/members',
  };

  it("an update beside the resource's PUT answers as an update; another shape, with its spec example", () => {
    const { handlers, notes } = resolveHandlers([...operations, patch, members], operationHandlers);
    expect(handlers.get('update-contact-group-fields')).toBe(updateRecord);
    expect(handlers.get('list-contact-group-members')?.kind).toBe('example');
    expect(notes).toEqual([
      'update-contact-group-fields (PATCH /contact-groups/{group_id}) has no handler in operation-handlers.ts: answered as "update" of its "contact-groups" records',
      'list-contact-group-members (GET /contact-groups/{group_id}/members) has no fitting handler in operation-handlers.ts: it answers its spec example',
    ]);
  });

  it("the example answer is the spec's success example, after validation like any answer", () => {
    const example = exampleAnswer({ ...members, successStatus: 200, successExample: { data: [{ id: '1' }] } });
    const answer = example.answer({ headers: {} } as never);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body!)).toEqual({ data: [{ id: '1' }] });
    expect(
      exampleAnswer({ ...patch, successStatus: 204, successExample: null }).answer({ headers: {} } as never).status,
    ).toBe(204);
  });

  it('below a record of the resource, the example answers for a known record, 404 for an unknown one', () => {
    const handler = resolveHandlers([...operations, members], operationHandlers).handlers.get(
      'list-contact-group-members',
    )!;
    // The part of a call the stop-gap reads: the account's contact groups, the path's id.
    const call = (stored: string[]) =>
      ({
        operation: members,
        ctx: { account: {}, accounts: { collection: () => new Map(stored.map((id) => [id, {}])) } },
        params: { group_id: '7' },
        headers: {},
      }) as never;
    expect(handler.answer(call(['7'])).status).toBe(200);
    expect(() => handler.answer(call(['8']))).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('a handler left for an operation no longer in the spec is noted, not fatal', () => {
    const { notes } = resolveHandlers(
      operations.filter((op) => op.operationId !== 'delete-contact-group'),
      operationHandlers,
    );
    expect(notes).toEqual([
      'delete-contact-group has a handler in operation-handlers.ts but is no longer an operation of the spec',
    ]);
  });
});
