import { describe, expect, it } from 'vitest';
import { ARAZZO_RULESET_FILE, findingsOf } from './lint-fixture.js';

const RULE = 'arazzo-step-output-read';

describe(RULE, () => {
  it('accepts outputs read by a later step (whole or inside a string) or by a workflow output', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.arazzo.yaml', ARAZZO_RULESET_FILE)).toEqual([]);
  });

  it('reports outputs only the step itself, or a longer name, mentions', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.arazzo.yaml', ARAZZO_RULESET_FILE);
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['workflows', '0', 'steps', '0', 'outputs', 'name'],
        message: 'output name of step read is read by no later step and no workflow output ($steps.read.outputs.name)',
      },
      {
        code: RULE,
        path: ['workflows', '0', 'steps', '0', 'outputs', 'id'],
        message: 'output id of step read is read by no later step and no workflow output ($steps.read.outputs.id)',
      },
    ]);
  });
});
