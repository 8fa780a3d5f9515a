import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'properties-snake-case';

describe(RULE, () => {
  it('accepts snake_case properties and ignores keys inside example values', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports names in components, allOf members, items and parameter content schemas', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: [
          'paths',
          '/widgets',
          'get',
          'parameters',
          '0',
          'content',
          'application/json',
          'schema',
          'properties',
          'Name',
        ],
        message: 'property Name must be snake_case (^[a-z][a-z0-9]*(_[a-z0-9]+)*$)',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'data',
          'items',
          'properties',
          'per-page',
        ],
        message: 'property per-page must be snake_case (^[a-z][a-z0-9]*(_[a-z0-9]+)*$)',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget', 'allOf', '0', 'properties', 'checkRate'],
        message: 'property checkRate must be snake_case (^[a-z][a-z0-9]*(_[a-z0-9]+)*$)',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget', 'allOf', '0', 'properties', '_private'],
        message: 'property _private must be snake_case (^[a-z][a-z0-9]*(_[a-z0-9]+)*$)',
      },
    ]);
  });
});
