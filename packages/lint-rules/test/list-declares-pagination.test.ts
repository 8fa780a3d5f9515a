import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'list-declares-pagination';

describe(RULE, () => {
  it('accepts lists declaring page, cursor or none, and a non-list without x-pagination', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports a list without x-pagination and an unknown x-pagination value', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'get'],
        message: 'list operation list-widgets must declare x-pagination: page, cursor or none',
      },
      {
        code: RULE,
        path: ['paths', '/gadgets', 'get', 'x-pagination'],
        message: 'x-pagination must be one of page, cursor, none (found "pages")',
      },
    ]);
  });
});
