import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'create-returns-new-id';

describe(RULE, () => {
  it('accepts a 201 shared through components with data.new_id behind $refs', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports a 200 next to the 201, data not required, a numeric new_id and a missing 201', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'post', 'responses', '200'],
        message: 'POST must not declare a 200 response: creating answers 201',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'post', 'responses', '201', 'content', 'application/json', 'schema'],
        message: '201 response schema must list data in required',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets',
          'post',
          'responses',
          '201',
          'content',
          'application/json',
          'schema',
          'properties',
          'data',
          'properties',
          'new_id',
          'type',
        ],
        message: 'data.new_id must declare type: string (found integer)',
      },
      {
        code: RULE,
        path: ['paths', '/gadgets', 'post', 'responses'],
        message: 'operation must declare a 201 response',
      },
      {
        code: RULE,
        path: ['paths', '/gadgets', 'post', 'responses', '200'],
        message: 'POST must not declare a 200 response: creating answers 201',
      },
    ]);
  });
});
