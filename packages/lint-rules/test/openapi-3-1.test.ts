import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'openapi-3-1';

describe(RULE, () => {
  it('accepts OpenAPI 3.1.x', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports an OpenAPI 3.0 document', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['openapi'],
        message: 'openapi must be 3.1.x (found 3.0.3): the house rules only run on OpenAPI 3.1',
      },
    ]);
  });
});
