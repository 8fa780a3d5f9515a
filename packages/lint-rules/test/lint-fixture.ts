// Loads the real ruleset.yaml once per test file (the same bundling path the
// Spectral CLI takes: ruleset migrator + rollup) and lints fixture documents.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, Spectral, type ISpectralDiagnostic, type Ruleset } from '@stoplight/spectral-core';
import { Yaml } from '@stoplight/spectral-parsers';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
export const RULESET_FILE = path.join(packageDir, 'ruleset.yaml');
/** The recipes' (Arazzo workflows') house rules, a ruleset of their own. */
export const ARAZZO_RULESET_FILE = path.join(packageDir, 'arazzo', 'ruleset.yaml');
export const FIXTURES_DIR = path.join(packageDir, 'test', 'fixtures');

/** What a test compares: the rule's code, where it points, and what it says. */
export type Finding = { code: string | number; path: string[]; message: string; source?: string };

/**
 * Codes that mean the fixture itself is broken (not parsed, a $ref that does
 * not resolve, not OpenAPI 3.1, not valid OpenAPI). A fixture with any of these
 * could make a test pass for the wrong reason, so lintFixture refuses it.
 */
const BROKEN_FIXTURE_CODES = new Set(['parser', 'invalid-ref', 'unrecognized-format', 'openapi-3-1', 'oas3-schema']);

const rulesets = new Map<string, Promise<Ruleset>>();

/** A real ruleset file (ruleset.yaml unless told), bundled once; fetch is never called (nothing is remote). */
export function loadRuleset(file = RULESET_FILE): Promise<Ruleset> {
  let ruleset = rulesets.get(file);
  if (!ruleset) {
    ruleset = bundleAndLoadRuleset(file, { fs, fetch: globalThis.fetch });
    rulesets.set(file, ruleset);
  }
  return ruleset;
}

/**
 * Every finding for `fixtures/<dir>/<file>`, after checking the fixture is a
 * valid OpenAPI 3.1 document. `underTest` is the rule being tested: its own
 * findings never count as a broken fixture (the oas3-schema and openapi-3-1
 * tests need invalid documents).
 */
export async function lintFixture(
  dir: string,
  file: string,
  underTest?: string,
  rulesetFile = RULESET_FILE,
): Promise<ISpectralDiagnostic[]> {
  const fixture = path.join(FIXTURES_DIR, dir, file);
  const spectral = new Spectral();
  spectral.setRuleset(await loadRuleset(rulesetFile));
  const results = await spectral.run(new Document(fs.readFileSync(fixture, 'utf8'), Yaml, fixture));
  const broken = results.filter((result) => result.code !== underTest && BROKEN_FIXTURE_CODES.has(String(result.code)));
  if (broken.length > 0) {
    throw new Error(`fixture ${dir}/${file} was not linted as it stands:\n${broken.map(describe).join('\n')}`);
  }
  return results;
}

/** The findings of one rule for a fixture, as comparable plain data (source relative to the fixture's folder). */
export async function findingsOf(
  code: string,
  dir: string,
  file: string,
  rulesetFile = RULESET_FILE,
): Promise<Finding[]> {
  const results = await lintFixture(dir, file, code, rulesetFile);
  return results
    .filter((result) => result.code === code)
    .map((result) => ({
      code: result.code,
      path: result.path.map(String),
      message: result.message,
      ...(result.source !== undefined && result.source !== path.join(FIXTURES_DIR, dir, file)
        ? { source: path.relative(path.join(FIXTURES_DIR, dir), result.source) }
        : {}),
    }));
}

function describe(result: ISpectralDiagnostic): string {
  return `  ${String(result.code)} at ${result.path.join('.')}: ${result.message}`;
}
