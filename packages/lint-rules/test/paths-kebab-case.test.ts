import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'paths-kebab-case';

describe(RULE, () => {
  it('accepts kebab-case literals and {snake_case} templates', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports camelCase, snake_case literals and mixed template segments at the path key', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/contactGroups/{groupId}'],
        message:
          'path /contactGroups/{groupId} has segments that are neither kebab-case nor {snake_case}: "contactGroups", "{groupId}"',
      },
      {
        code: RULE,
        path: ['paths', '/uptime_tests'],
        message: 'path /uptime_tests has segments that are neither kebab-case nor {snake_case}: "uptime_tests"',
      },
      {
        code: RULE,
        path: ['paths', '/files/{file_id}.json'],
        message:
          'path /files/{file_id}.json has segments that are neither kebab-case nor {snake_case}: "{file_id}.json"',
      },
    ]);
  });
});
