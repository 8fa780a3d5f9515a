import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'form-urlencoded-only';

describe(RULE, () => {
  it('accepts form bodies, inline and through components.requestBodies', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports a JSON-only body and a second media type next to the form one', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'post', 'requestBody', 'content'],
        message: 'request body content must be application/x-www-form-urlencoded',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'post', 'requestBody', 'content', 'application/json'],
        message: 'request body must not offer application/json: only application/x-www-form-urlencoded is accepted',
      },
      {
        code: RULE,
        path: ['components', 'requestBodies', 'WidgetUpdate', 'content', 'multipart/form-data'],
        message: 'request body must not offer multipart/form-data: only application/x-www-form-urlencoded is accepted',
      },
    ]);
  });
});
