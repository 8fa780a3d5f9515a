import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'operation-id-verb-noun';

describe(RULE, () => {
  it('accepts list-, get-, create-, update- and delete- ids', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports camelCase, unknown verbs, a bare verb, snake_case and a missing operationId', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'operationId'],
        message:
          'operationId must be kebab-case and start with list-, get-, create-, update- or delete- (found "listWidgets")',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'post', 'operationId'],
        message:
          'operationId must be kebab-case and start with list-, get-, create-, update- or delete- (found "add-widget")',
      },
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'get', 'operationId'],
        message: 'operationId must be kebab-case and start with list-, get-, create-, update- or delete- (found "get")',
      },
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'put', 'operationId'],
        message:
          'operationId must be kebab-case and start with list-, get-, create-, update- or delete- (found "update_widget")',
      },
      {
        code: RULE,
        path: ['paths', '/widgets/{widget_id}', 'delete'],
        message: 'operation must declare an operationId such as get-uptime-test',
      },
    ]);
  });
});
