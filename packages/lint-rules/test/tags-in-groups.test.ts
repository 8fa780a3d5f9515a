import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'tags-in-groups';

describe(RULE, () => {
  it('accepts every tag in one group and one declared tag per operation', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports ungrouped, doubly grouped and undeclared tags, and operations with 0 or 2 tags', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['tags', '1', 'name'],
        message: 'tag gadgets must appear in exactly one x-tagGroups entry (found 2)',
      },
      {
        code: RULE,
        path: ['tags', '2', 'name'],
        message: 'tag gizmos must appear in exactly one x-tagGroups entry (found 0)',
      },
      {
        code: RULE,
        path: ['x-tagGroups', '1', 'tags', '1'],
        message: 'x-tagGroups tag doohickeys is not declared in root tags',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'tags'],
        message: 'operation must have exactly one tag (found 2)',
      },
      { code: RULE, path: ['paths', '/gadgets', 'get'], message: 'operation must have exactly one tag (found 0)' },
      {
        code: RULE,
        path: ['paths', '/gizmos', 'get', 'tags', '0'],
        message: 'operation tag gizmo is not declared in root tags',
      },
    ]);
  });
});
