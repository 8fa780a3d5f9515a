import { describe, expect, it } from 'vitest';
import { ARAZZO_RULESET_FILE, findingsOf } from './lint-fixture.js';

const RULE = 'arazzo-step-success-criteria';

describe(RULE, () => {
  it('accepts a step with a success criterion', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.arazzo.yaml', ARAZZO_RULESET_FILE)).toEqual([]);
  });

  it('reports steps with no successCriteria or an empty list', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.arazzo.yaml', ARAZZO_RULESET_FILE);
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['workflows', '0', 'steps', '0'],
        message: 'step create must have successCriteria (at least one, e.g. the status code it expects)',
      },
      {
        code: RULE,
        path: ['workflows', '0', 'steps', '1'],
        message: 'step read must have successCriteria (at least one, e.g. the status code it expects)',
      },
    ]);
  });
});
