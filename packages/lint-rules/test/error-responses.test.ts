import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'error-responses';

describe(RULE, () => {
  it('accepts 401, 429 and default sharing an APIError built with allOf', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports a missing 429, a non-JSON default and an APIError of the wrong shape', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      { code: RULE, path: ['paths', '/widgets', 'get', 'responses'], message: 'operation must declare a 429 response' },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'responses', 'default'],
        message: 'default response must have application/json content',
      },
      {
        code: RULE,
        path: ['paths', '/gadgets', 'get', 'responses', '401', 'content', 'application/json', 'schema', 'required'],
        message: '401 response schema must list message in required',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/gadgets',
          'get',
          'responses',
          '401',
          'content',
          'application/json',
          'schema',
          'properties',
          'errors',
          'additionalProperties',
        ],
        message: 'errors.additionalProperties must declare items: { type: string }',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/gadgets',
          'get',
          'responses',
          '401',
          'content',
          'application/json',
          'schema',
          'properties',
          'errors',
          'additionalProperties',
          'type',
        ],
        message: 'errors.additionalProperties must declare type: array (found string)',
      },
    ]);
  });
});
