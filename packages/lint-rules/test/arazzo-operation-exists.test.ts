import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARAZZO_RULESET_FILE, FIXTURES_DIR, findingsOf } from './lint-fixture.js';

const RULE = 'arazzo-operation-exists';

describe(RULE, () => {
  it('accepts qualified and bare operationIds, an operationPath, and an x-operation step', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.arazzo.yaml', ARAZZO_RULESET_FILE)).toEqual([]);
  });

  it('reports operations the source description does not have, unknown and unreadable sources', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.arazzo.yaml', ARAZZO_RULESET_FILE);
    expect(findings.length).toBeGreaterThanOrEqual(1);
    const step = (index: number, field: string) => ['workflows', '0', 'steps', String(index), field];
    const missing = path.join(FIXTURES_DIR, RULE, 'no-such-file.json');
    expect(findings.map(({ code, path, message }) => ({ code, path, message: message.split(' (')[0] }))).toEqual([
      {
        code: RULE,
        path: step(0, 'operationId'),
        message: 'step create: source description widgets has no operation create-gadget',
      },
      {
        code: RULE,
        path: step(1, 'operationId'),
        message: 'step read: no source description has an operation delete-widget',
      },
      {
        code: RULE,
        path: step(2, 'operationPath'),
        message: 'step read-by-path: source description widgets has no operation at /paths/~1widgets/get',
      },
      {
        code: RULE,
        path: step(3, 'operationId'),
        message: 'step elsewhere: no OpenAPI source description is named gadgets',
      },
      {
        code: RULE,
        path: step(4, 'operationId'),
        message: `step unreadable: source description gone cannot be read from ${missing}`,
      },
    ]);
  });
});
