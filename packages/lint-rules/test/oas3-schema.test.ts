import * as fs from 'node:fs';
import * as path from 'node:path';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { Yaml } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, findingsOf } from './lint-fixture.js';

const RULE = 'oas3-schema';

describe(RULE, () => {
  it('accepts path items written as $ref (local and to another file)', async () => {
    expect(await findingsOf(RULE, RULE, 'valid-split/openapi.yaml')).toEqual([]);
  });

  it('still reports real structural errors', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      { code: RULE, path: ['info'], message: '"info" property must have required property "version".' },
      {
        code: RULE,
        path: ['paths', '/gadgets', 'get', 'responses', '200'],
        message: '"200" property must have required property "description".',
      },
      {
        code: RULE,
        path: ['paths', '/gadgets', 'get', 'responses', '200'],
        message: '"200" property must not have unevaluated properties.',
      },
    ]);
  });
});

describe('why oas3-schema is replaced', () => {
  it('stock spectral:oas oas3-schema rejects $ref path items (stoplightio/spectral#2655); drop the override when this fails', async () => {
    const fixture = path.join(FIXTURES_DIR, RULE, 'valid-split', 'openapi.yaml');
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'off']], rules: { 'oas3-schema': 'error' } });
    const results = await spectral.run(new Document(fs.readFileSync(fixture, 'utf8'), Yaml, fixture));
    expect(results.map((result) => [result.code, result.path.join('.'), result.message])).toEqual([
      ['oas3-schema', 'paths./widgets', '"~1widgets" property must not have unevaluated properties.'],
      ['oas3-schema', 'paths./gadgets', '"~1gadgets" property must not have unevaluated properties.'],
    ]);
  });
});
