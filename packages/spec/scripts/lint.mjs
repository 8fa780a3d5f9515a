#!/usr/bin/env node
// `pnpm lint` for the API description: the house rules (Spectral, with the
// ruleset from @webmon/lint-rules) and Redocly's own, on the split sources so
// that every finding points at the file and line an API owner edits.
// Both run to the end even when the first fails, so one run shows everything.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runTool } from './run-tool.mjs';

const ruleset = fileURLToPath(import.meta.resolve('@webmon/lint-rules/ruleset.yaml'));
const arazzoRuleset = fileURLToPath(import.meta.resolve('@webmon/lint-rules/arazzo/ruleset.yaml'));

console.log('\u25b8 spectral: house rules (@webmon/lint-rules)');
const spectral = await runTool('spectral', [
  'lint',
  'openapi/openapi.yaml',
  '--ruleset',
  ruleset,
  '--fail-severity',
  'warn',
  '--display-only-failures',
]);
console.log('\u25b8 redocly: recommended-strict and configured rules (redocly.yaml)');
const redocly = await runTool('redocly', ['lint', '--format', 'codeframe']);
const workflowFiles = readdirSync(new URL('../workflows/', import.meta.url))
  .filter((file) => file.endsWith('.arazzo.yaml'))
  .map((file) => `workflows/${file}`);
console.log('\u25b8 redocly: the recipes, Arazzo rules (workflows/*.arazzo.yaml)');
const workflows = await runTool('redocly', ['lint', '--format', 'codeframe', ...workflowFiles]);
// Reads the operations from dist/ (the workflows' source descriptions): the lint task builds first.
console.log('\u25b8 spectral: the recipes, house rules (@webmon/lint-rules/arazzo)');
const recipes = await runTool('spectral', [
  'lint',
  ...workflowFiles,
  '--ruleset',
  arazzoRuleset,
  '--fail-severity',
  'warn',
  '--display-only-failures',
]);

if (spectral !== 0 || redocly !== 0 || workflows !== 0 || recipes !== 0) {
  const failed = [
    spectral && 'spectral',
    redocly && 'redocly',
    workflows && 'redocly (workflows)',
    recipes && 'spectral (workflows)',
  ];
  console.error(`\nlint failed: ${failed.filter(Boolean).join(' and ')} reported problems above.`);
  process.exit(1);
}
console.log('lint clean: 0 errors, 0 warnings');
