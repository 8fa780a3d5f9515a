import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'rate-limit-headers';

describe(RULE, () => {
  it('accepts headers written inline and through shared components', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports each missing header by name, a mis-cased one, and a shared response once', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'responses', '200', 'headers'],
        message: 'response must declare header x-ratelimit-reset',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'responses', '200', 'headers', 'X-RateLimit-Remaining'],
        message: 'header X-RateLimit-Remaining must be spelled x-ratelimit-remaining (lower case)',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'delete', 'responses', '204'],
        message: 'response must declare header x-ratelimit-limit',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'delete', 'responses', '204'],
        message: 'response must declare header x-ratelimit-remaining',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'delete', 'responses', '204'],
        message: 'response must declare header x-ratelimit-reset',
      },
      {
        code: RULE,
        path: ['components', 'responses', 'Error', 'headers'],
        message: 'response must declare header x-ratelimit-reset',
      },
    ]);
  });
});
