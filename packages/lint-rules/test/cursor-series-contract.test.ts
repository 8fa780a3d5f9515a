import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'cursor-series-contract';

describe(RULE, () => {
  it('accepts a series with cursors, limit and links behind $refs', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports a missing cursor, a wrong bound and a loose links/metadata shape (limit: limit-contract)', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}/history', 'get', 'parameters'],
        message: 'operation must take query parameter before',
      },
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}/history', 'get', 'parameters', '1', 'schema', 'minimum'],
        message: 'after must declare minimum: 0 (found 1)',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets/{widget_id}/history',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'required',
        ],
        message: '200 response schema must list links in required',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets/{widget_id}/history',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'links',
        ],
        message: 'links must list self in required',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets/{widget_id}/history',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'links',
          'properties',
          'next',
        ],
        message: 'links.next must declare format: "uri" (found none)',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets/{widget_id}/history',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'metadata',
          'type',
        ],
        message: 'metadata must declare type: object (found array)',
      },
    ]);
  });
});
