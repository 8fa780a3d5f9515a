import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'limit-contract';

describe(RULE, () => {
  it('accepts a page list and a cursor series sharing one limit, and an operation that does not page without one', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it("reports a list whose limit differs from the first list's, an inline limit without its default, a series without limit", async () => {
    expect(await findingsOf(RULE, RULE, 'invalid.yaml')).toEqual([
      {
        code: RULE,
        path: ['paths', '/gadgets', 'get', 'parameters', '0', 'schema'],
        message: 'limit must declare default',
      },
      {
        code: RULE,
        // Where the parameters would be: the operation, which has none.
        path: ['paths', '/gadgets/{gadget_id}/history', 'get'],
        message: 'operation must take query parameter limit',
      },
      {
        code: RULE,
        path: ['paths', '/sprockets', 'get', 'parameters', '0', 'schema', 'maximum'],
        message: 'limit declares maximum: 100, but 200 on GET /widgets: one limit for every list, referenced by each',
      },
    ]);
  });
});
