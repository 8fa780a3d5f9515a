import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'length-bounds';

describe(RULE, () => {
  it('accepts maxLength and maxItems (on the schema or an allOf member), enum, const, nullable strings', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports unbounded strings and arrays in parameters, headers, bodies, properties and items', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'parameters', '0', 'schema'],
        message: 'string schema must declare maxLength, or an enum/const',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'responses', '200', 'headers', 'x-ratelimit-limit', 'schema'],
        message: 'string schema must declare maxLength, or an enum/const',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message: 'array schema must declare maxItems, or an enum/const',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget', 'properties', 'note'],
        message: 'string schema must declare maxLength, or an enum/const',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget', 'properties', 'tags'],
        message: 'array schema must declare maxItems, or an enum/const',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget', 'properties', 'tags', 'items'],
        message: 'string schema must declare maxLength, or an enum/const',
      },
    ]);
  });
});
