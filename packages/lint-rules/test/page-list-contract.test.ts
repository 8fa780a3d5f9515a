import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'page-list-contract';

describe(RULE, () => {
  it('accepts a page list with page inherited from the path item, $ref parameters and an allOf body', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports a loose page parameter and a 200 without application/json', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid-no-json-body.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'parameters', '0', 'schema'],
        message: 'page must declare default: 1 (found none)',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'parameters', '0', 'schema', 'type'],
        message: 'page must declare type: integer (found [integer, null])',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'parameters', '0', 'schema', 'minimum'],
        message: 'page must declare minimum: 1 (found 0)',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'responses', '200'],
        message: '200 response must have application/json content',
      },
    ]);
  });

  it('reports each broken clause where it is written: missing page, data type, metadata fields (limit: limit-contract)', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'parameters'],
        message: 'operation must take query parameter page',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'required'],
        message: '200 response schema must list metadata in required',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'data',
          'type',
        ],
        message: 'data must declare type: array (found object)',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'metadata',
          'required',
        ],
        message: 'metadata must list per_page in required',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'metadata',
          'properties',
        ],
        message: 'metadata must declare property total_count',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'metadata',
          'properties',
          'page',
          'type',
        ],
        message: 'metadata.page must declare type: integer (found string)',
      },
    ]);
  });
});
