// What `api-diff <before> <after> [--markdown] [--corrections <file>]` does,
// as a function of its arguments: the bin (cli.ts) prints and exits with its
// answer, and tests call it in process instead of starting Node per case.
import { readFileSync } from 'node:fs';
import type { JsonObject } from '@webmon/openapi-core';
import { parse } from 'yaml';
import { readCorrections } from './corrections.js';
import { diffBundles } from './diff-bundles.js';
import { verdict } from './report.js';

export interface CliResult {
  /** 0 passes, 1 fails (breaking changes without a major bump, or a correction matches nothing), 2 bad usage. */
  code: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

const USAGE = 'usage: api-diff <before.(json|yaml)> <after.(json|yaml)> [--markdown] [--corrections <file.yaml>]';

/** Thrown to stop with exit code 2 and a message for stderr. */
class UsageError extends Error {}

/**
 * JSON through JSON.parse, anything else as YAML: the same data (YAML 1.2 reads
 * JSON as JSON does), but the YAML parser takes about 100 times as long on the
 * bundle (~170 ms against ~2 ms), twice per run.
 */
function parseDocument(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return parse(text);
  }
}

function load(file: string): unknown {
  try {
    return parseDocument(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`api-diff: cannot read ${file}: ${(error as Error).message}`);
  }
}

function loadCorrections(file: string | undefined) {
  if (!file) return [];
  const document = load(file);
  try {
    return readCorrections(document);
  } catch (error) {
    throw new UsageError(`api-diff: ${file}: ${(error as Error).message}`);
  }
}

export function runCli(args: readonly string[]): CliResult {
  const correctionsAt = args.indexOf('--corrections');
  const correctionsFile = correctionsAt >= 0 ? args[correctionsAt + 1] : undefined;
  const files = args.filter(
    (arg, index) => !arg.startsWith('--') && (correctionsAt < 0 || index !== correctionsAt + 1),
  );
  if (files.length !== 2 || (correctionsAt >= 0 && !correctionsFile)) return { code: 2, stdout: '', stderr: USAGE };
  try {
    const corrections = loadCorrections(correctionsFile);
    const [before, after] = files.map(load) as [JsonObject, JsonObject];
    const version = (document: JsonObject) =>
      String((document.info as { version?: unknown } | undefined)?.version ?? '?');
    const result = verdict(
      diffBundles(before, after),
      version(before),
      version(after),
      args.includes('--markdown') ? 'markdown' : 'text',
      corrections,
    );
    return { code: result.fails ? 1 : 0, stdout: result.text, stderr: '' };
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, stdout: '', stderr: error.message };
    throw error;
  }
}
