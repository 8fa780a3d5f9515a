// Guards on the rulesets (ruleset.yaml and arazzo/ruleset.yaml) themselves, so a rule
// cannot be added, renamed or switched off without the tests noticing.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { oas } from '@stoplight/spectral-rulesets';
import { Yaml } from '@stoplight/spectral-parsers';
import { describe, expect, it } from 'vitest';
import { ARAZZO_RULESET_FILE, FIXTURES_DIR, RULESET_FILE, loadRuleset } from './lint-fixture.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
type RuleSource = {
  description?: string;
  message?: string;
  severity?: string;
  then?: { function?: string } | Array<{ function?: string }>;
};
type RulesetSource = { functions: string[]; rules: Record<string, RuleSource | string> };
// A house rule that replaces a spectral:oas rule keeps that rule's severity; every other one is an error.
const stockRules = oas.rules as Record<string, { severity?: unknown }>;
const expectedSeverity = (name: string): 'error' | 'warn' =>
  name in stockRules && stockRules[name]?.severity !== 0 ? 'warn' : 'error';

// The API description's ruleset, and the recipes' (Arazzo) one beside it.
const rulesets = [RULESET_FILE, ARAZZO_RULESET_FILE].map((file) => {
  const source = Yaml.parse(fs.readFileSync(file, 'utf8')).data as RulesetSource;
  const functionsDir = path.join(path.dirname(file), 'functions');
  return {
    file,
    name: path.relative(packageDir, file),
    source,
    houseRules: Object.entries(source.rules).flatMap(([name, rule]) =>
      typeof rule === 'object' ? [{ name, rule }] : [],
    ),
    functionFiles: fs
      .readdirSync(functionsDir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => file.replace(/\.js$/, '')),
  };
});

describe.each(rulesets)('$name', ({ file, source, houseRules, functionFiles }) => {
  it('lists exactly the function files in functions/ (helpers live in functions/lib/)', () => {
    expect([...source.functions].sort()).toEqual([...functionFiles].sort());
  });

  it('runs each custom function from the one rule of the same name', () => {
    const custom = houseRules.filter(({ rule }) =>
      [rule.then].flat().some((then) => source.functions.includes(String(then?.function))),
    );
    const byRule = custom.map(({ name, rule }) => [name, [rule.then].flat().map((then) => then?.function)]);
    expect(byRule.sort()).toEqual(source.functions.map((fn) => [fn, [fn]]).sort());
  });

  it.each(houseRules.map(({ name, rule }) => [name, rule] as const))(
    '%s has its severity, a message, a description, a test and fixtures',
    (name, rule) => {
      expect(rule.severity).toBe(expectedSeverity(name));
      expect(rule.message?.trim()).toBeTruthy();
      expect(rule.description?.trim()).toBeTruthy();
      expect(fs.existsSync(path.join(packageDir, 'test', `${name}.test.ts`))).toBe(true);
      const fixtures = fs.readdirSync(path.join(FIXTURES_DIR, name));
      expect(fixtures.some((file) => file.startsWith('valid'))).toBe(true);
      expect(fixtures.some((file) => file.startsWith('invalid'))).toBe(true);
    },
  );

  it('loads with every house rule enabled at its severity and a function behind each', async () => {
    const ruleset = await loadRuleset(file);
    for (const { name } of houseRules) {
      const rule = ruleset.rules[name];
      expect(rule, name).toBeDefined();
      expect(rule?.enabled, name).toBe(true);
      expect(rule?.severity, name).toBe(expectedSeverity(name) === 'error' ? 0 : 1);
      expect(
        rule?.then.every((then) => typeof then.function === 'function'),
        name,
      ).toBe(true);
    }
  });
});

describe('ruleset.yaml', () => {
  it('keeps every recommended spectral:oas rule on, with operationId uniqueness and example validity at error', async () => {
    const ruleset = await loadRuleset();
    const recommended = Object.entries(oas.rules)
      .filter(([, rule]) => rule.recommended !== false)
      .map(([name]) => name);
    expect(recommended.length).toBeGreaterThan(30);
    expect(recommended.filter((name) => ruleset.rules[name]?.enabled !== true)).toEqual([]);
    for (const name of [
      'operation-operationId-unique',
      'oas3-valid-media-example',
      'oas3-valid-schema-example',
      'oas3-api-servers',
    ]) {
      expect(ruleset.rules[name]?.enabled, name).toBe(true);
    }
    for (const name of ['operation-operationId-unique', 'oas3-valid-media-example', 'oas3-valid-schema-example']) {
      expect(ruleset.rules[name]?.severity, name).toBe(0);
    }
  });
});
