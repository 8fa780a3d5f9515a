import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'update-delete-no-content';

describe(RULE, () => {
  it('accepts PUT and DELETE answering 204 with no content', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports a missing 204, 200/201 responses and a 204 with content', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'put', 'responses'],
        message: 'PUT must declare a 204 response',
      },
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'put', 'responses', '200'],
        message: 'PUT must not declare a 200 response: it answers 204 with no body',
      },
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'delete', 'responses', '201'],
        message: 'DELETE must not declare a 201 response: it answers 204 with no body',
      },
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'delete', 'responses', '204', 'content'],
        message: '204 response must not declare content',
      },
    ]);
  });
});
