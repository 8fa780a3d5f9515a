import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'create-request-required';

describe(RULE, () => {
  it('accepts required coming from an allOf member behind a $ref', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports no required (even through allOf), an empty required and a POST without body', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'post', 'requestBody', 'content', 'application/x-www-form-urlencoded', 'schema'],
        message: 'POST request body schema must list at least one property in required (allOf members included)',
      },
      {
        code: RULE,
        path: ['paths', '/gadgets', 'post'],
        message: 'POST must declare a request body whose schema lists its required fields',
      },
      {
        code: RULE,
        path: ['paths', '/gizmos', 'post', 'requestBody', 'content', 'application/x-www-form-urlencoded', 'schema'],
        message: 'POST request body schema must list at least one property in required (allOf members included)',
      },
    ]);
  });
});
