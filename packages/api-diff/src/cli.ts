#!/usr/bin/env node
// api-diff <before> <after> [--markdown]: compares two bundles (JSON or YAML),
// prints the report, exits 1 when there are breaking changes without a major
// version bump, 2 on bad usage.
import { readFileSync } from 'node:fs';
import type { JsonObject } from '@webmon/openapi-core';
import { parse } from 'yaml';
import { diffBundles } from './diff-bundles.js';
import { verdict } from './report.js';

const args = process.argv.slice(2);
const files = args.filter((arg) => !arg.startsWith('--'));
if (files.length !== 2) {
  console.error('usage: api-diff <before.(json|yaml)> <after.(json|yaml)> [--markdown]');
  process.exit(2);
}
const load = (file: string): JsonObject => {
  try {
    return parse(readFileSync(file, 'utf8')) as JsonObject;
  } catch (error) {
    console.error(`api-diff: cannot read ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
};
const [before, after] = files.map(load) as [JsonObject, JsonObject];
const version = (document: JsonObject) => String((document.info as { version?: unknown } | undefined)?.version ?? '?');
const result = verdict(
  diffBundles(before, after),
  version(before),
  version(after),
  args.includes('--markdown') ? 'markdown' : 'text',
);
console.log(result.text);
process.exit(result.fails ? 1 : 0);
