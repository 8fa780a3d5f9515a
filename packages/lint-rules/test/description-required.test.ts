import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'description-required';

describe(RULE, () => {
  it('accepts described operations, parameters, component schemas and properties (including a description next to $ref)', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports each missing or blank description where it is written', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'get'],
        message: 'operation get-widget must have a non-empty description',
      },
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'get', 'parameters', '0', 'description'],
        message: 'parameter fields must have a non-empty description',
      },
      {
        code: RULE,
        path: ['components', 'parameters', 'widget_id'],
        message: 'parameter widget_id must have a non-empty description',
      },
      {
        code: RULE,
        path: ['components', 'parameters', 'widget_id'],
        message:
          'parameter widget_id must have a non-empty description (next to its $ref, or on the referenced object)',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget'],
        message: 'component schema Widget must have a non-empty description',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget'],
        message: 'property data must have a non-empty description (next to its $ref, or on the referenced object)',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget', 'properties', 'id', 'description'],
        message: 'property id must have a non-empty description',
      },
      {
        code: RULE,
        path: [],
        message: 'property size must have a non-empty description (next to its $ref, or on the referenced object)',
        source: 'shared/size.yaml',
      },
    ]);
  });
});
