import * as fs from 'node:fs';
import * as path from 'node:path';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { Yaml } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, findingsOf } from './lint-fixture.js';

const RULE = 'oas3-unused-component';
const MESSAGE =
  'Potentially unused component: nothing references it, neither as #/components/... nor through the file its $ref points to.';

describe(RULE, () => {
  it('accepts root components written as $refs to files that the path files reference directly', async () => {
    expect(await findingsOf(RULE, RULE, 'valid-split/openapi.yaml')).toEqual([]);
  });

  it('still reports a listed file nothing else references, and an unreferenced inline component', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid-split/openapi.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      { code: RULE, path: ['components', 'schemas', 'Orphan'], message: MESSAGE },
      { code: RULE, path: ['components', 'schemas', 'Unused'], message: MESSAGE },
    ]);
  });
});

describe('why oas3-unused-component is replaced', () => {
  it('stock spectral:oas oas3-unused-component reports every file-backed component of a split source; drop the override when this fails', async () => {
    const fixture = path.join(FIXTURES_DIR, RULE, 'valid-split', 'openapi.yaml');
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'off']], rules: { [RULE]: 'warn' } });
    const results = await spectral.run(new Document(fs.readFileSync(fixture, 'utf8'), Yaml, fixture));
    expect(results.map((result) => [result.code, result.path.join('.')])).toEqual([
      [RULE, 'components.parameters.limit'],
      [RULE, 'components.schemas.Widget'],
    ]);
  });
});
