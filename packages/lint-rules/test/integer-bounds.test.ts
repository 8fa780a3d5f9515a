import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'integer-bounds';

describe(RULE, () => {
  it('accepts bounds, exclusive bounds, enum, const, nullable integers and bounds in allOf members', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports what is missing in parameters, headers, properties and items', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'parameters', '0', 'schema'],
        message: 'integer schema must declare an upper bound (maximum or exclusiveMaximum), or an enum/const',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'responses', '200', 'headers', 'x-ratelimit-reset', 'schema'],
        message:
          'integer schema must declare a lower bound (minimum or exclusiveMinimum) and an upper bound (maximum or exclusiveMaximum), or an enum/const',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget', 'properties', 'timeout'],
        message: 'integer schema must declare a lower bound (minimum or exclusiveMinimum), or an enum/const',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget', 'properties', 'samples', 'items'],
        message:
          'integer schema must declare a lower bound (minimum or exclusiveMinimum) and an upper bound (maximum or exclusiveMaximum), or an enum/const',
      },
    ]);
  });
});
