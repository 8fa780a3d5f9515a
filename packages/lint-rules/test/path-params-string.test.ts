import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'path-params-string';

describe(RULE, () => {
  it('accepts string path parameters from the path item, the operation and components', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports nullable, untyped and integer path parameters', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}/parts/{part_id}/{slot}', 'get', 'parameters', '0', 'schema', 'type'],
        message: 'path parameter part_id must declare schema.type: string (found ["string","null"])',
      },
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}/parts/{part_id}/{slot}', 'get', 'parameters', '1', 'schema'],
        message: 'path parameter slot must declare schema.type: string (found none)',
      },
      {
        code: RULE,
        path: ['components', 'parameters', 'widget_id', 'schema', 'type'],
        message: 'path parameter widget_id must declare schema.type: string (found "integer")',
      },
    ]);
  });
});
