import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'operation-response-example';

describe(RULE, () => {
  it('accepts a 2xx example, and a 204 operation whose shared error response has one', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports an operation with no example answer and error media types without examples', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'put', 'responses'],
        message: 'the operation must show an example answer: no response has a media type with an example',
      },
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'delete', 'responses', 'default', 'content', 'application/json'],
        message: 'default response media type application/json must have an example (or examples)',
      },
      {
        code: RULE,
        path: ['components', 'responses', 'NotFound', 'content', 'application/json'],
        message: '404 response media type application/json must have an example (or examples)',
      },
    ]);
  });
});
