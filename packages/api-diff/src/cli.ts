#!/usr/bin/env node
// api-diff <before> <after> [--markdown] [--corrections <file>]: compares two
// bundles (JSON or YAML), prints the report, exits 1 when there are breaking
// changes without a major version bump (or a correction matches nothing), 2 on
// bad usage.
import { readFileSync } from 'node:fs';
import type { JsonObject } from '@webmon/openapi-core';
import { parse } from 'yaml';
import { readCorrections } from './corrections.js';
import { diffBundles } from './diff-bundles.js';
import { verdict } from './report.js';

const args = process.argv.slice(2);
const correctionsAt = args.indexOf('--corrections');
const correctionsFile = correctionsAt >= 0 ? args[correctionsAt + 1] : undefined;
const files = args.filter((arg, index) => !arg.startsWith('--') && (correctionsAt < 0 || index !== correctionsAt + 1));
if (files.length !== 2 || (correctionsAt >= 0 && !correctionsFile)) {
  console.error('usage: api-diff <before.(json|yaml)> <after.(json|yaml)> [--markdown] [--corrections <file.yaml>]');
  process.exit(2);
}
const load = (file: string): unknown => {
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`api-diff: cannot read ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
};
const corrections = (() => {
  if (!correctionsFile) return [];
  try {
    return readCorrections(load(correctionsFile));
  } catch (error) {
    console.error(`api-diff: ${correctionsFile}: ${(error as Error).message}`);
    process.exit(2);
  }
})();
const [before, after] = files.map(load) as [JsonObject, JsonObject];
const version = (document: JsonObject) => String((document.info as { version?: unknown } | undefined)?.version ?? '?');
const result = verdict(
  diffBundles(before, after),
  version(before),
  version(after),
  args.includes('--markdown') ? 'markdown' : 'text',
  corrections,
);
console.log(result.text);
process.exit(result.fails ? 1 : 0);
