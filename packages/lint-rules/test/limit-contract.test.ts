import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'limit-contract';

describe(RULE, () => {
  it('accepts a page list and a cursor series sharing one limit, and an operation that does not page without one', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports a shared limit broken once where it is written, once; an inline limit without its default; a series without limit', async () => {
    expect(await findingsOf(RULE, RULE, 'invalid.yaml')).toEqual([
      {
        code: RULE,
        path: ['paths', '/gadgets', 'get', 'parameters', '0', 'schema'],
        message: 'limit must declare default: 25 (found none)',
      },
      {
        code: RULE,
        path: ['paths', '/gadgets/{gadget_id}/history', 'get'],
        message: 'operation must take query parameter limit',
      },
      {
        code: RULE,
        path: ['components', 'parameters', 'limit', 'schema', 'maximum'],
        message: 'limit must declare maximum: 100 (found 200)',
      },
    ]);
  });
});
