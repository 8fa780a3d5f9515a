// @ts-check
// The house rules (Spectral) and Redocly's rules on the split sources, and the
// bundle, in this process with everything loaded once: `pnpm lint` spawns both
// CLIs (about 3.5 s, most of it start-up and bundling the ruleset), `pnpm dev`
// re-checks on every save and must answer in under a second. Same rules, same
// config files, same versions (resolved beside the CLIs `pnpm lint` runs).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cacheExampleValidators } from './example-validator-cache.mjs';
import { cacheSpectralParses, cachingRedoclyResolver } from './parse-cache.mjs';
import { unclosedOpener } from './unclosed-yaml.mjs';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const fromSpectralCli = createRequire(require.resolve('@stoplight/spectral-cli/package.json'));
const fromRedoclyCli = createRequire(require.resolve('@redocly/cli/package.json'));

/**
 * One problem, as printed: `file:line:col  severity  rule  message`.
 * @typedef {{ file: string, line: number, col: number, severity: 'error' | 'warn', rule: string, message: string }} Finding
 */

/** @param {Finding} finding @returns {string} */
export const formatFinding = (finding) =>
  `${finding.file}:${finding.line}:${finding.col}  ${finding.severity}  ${finding.rule}  ${finding.message}`;

const TOP_LEVEL_ORDER = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'security',
  'tags',
  'externalDocs',
  'paths',
  'webhooks',
  'x-webhooks',
  'components',
];
/** @typedef {{ ruleId: string, message: string, severity: string, ignored?: boolean, location: unknown[] }} RedoclyProblem */

const SPECTRAL_SEVERITY = /** @type {const} */ (['error', 'warn']);

/**
 * Spectral's own example checks: 80 % of its time on our sources (2 s of
 * 2.7 s of CPU), as each run compiles a validator per example. Redocly's
 * no-invalid-schema-examples and no-invalid-media-type-examples (errors in
 * redocly.yaml) check the same examples in the same run, so the dev loop
 * leaves these two to them; `pnpm lint` runs both.
 */
const SLOW_DUPLICATES = ['oas3-valid-schema-example', 'oas3-valid-media-example'];

/**
 * spectral:oas rules that run Spectral's `schema` function (directly or
 * through `oasSchema`) on a schema of their own options. Spectral keeps its
 * Ajv instances per run (keyed by the run's document inventory, so that a
 * document's schema with an `$id` cannot go stale), so each check built two
 * Ajv instances and compiled these schemas again: a sixth of a warm check's
 * CPU with the garbage it made (docs/measurements.md). These schemas are the
 * ruleset's, fixed for its life: the dev loop hands these rules one key for
 * every check, and their validators stay compiled.
 */
const OWN_SCHEMA_RULES = ['operation-tags', 'oas3-api-servers', 'duplicated-entry-in-enum'];

/**
 * @param {{ sources?: string, root?: string, ruleset?: string, devLoop?: boolean }} [options] sources: the folder
 * holding openapi.yaml (default: this package's `openapi/`); ruleset: the
 * house rules' ruleset.yaml (default: @webmon/lint-rules'); file names in
 * findings are relative to `root` (default: the process's cwd); devLoop: leave
 * Spectral's example checks to Redocly's (see SLOW_DUPLICATES), and reuse
 * Redocly's example validators (example-validator-cache.mjs) and the files'
 * parses (parse-cache.mjs) from one check to the next.
 */
export async function createSourceChecker(options = {}) {
  const sources = resolve(options.sources ?? join(packageRoot, 'openapi'));
  const entry = join(sources, 'openapi.yaml');
  // resolve(): pnpm dev gives the root with a trailing slash, which messages' paths do not have.
  const root = resolve(options.root ?? process.cwd());
  const shown = (/** @type {string} */ file) => relative(root, file) || file;

  /** @type {any} the CLI's loader */
  const { getRuleset } = fromSpectralCli('./dist/services/linter/utils/getRuleset.js');
  const rulesetFile = options.ruleset ?? require.resolve('@webmon/lint-rules/ruleset.yaml');
  /** The ruleset bundled (its functions with it), set up for the dev loop. */
  const loadRuleset = async () => {
    const loaded = await getRuleset(rulesetFile);
    if (!options.devLoop) return loaded;
    for (const name of SLOW_DUPLICATES) if (loaded.rules[name]) loaded.rules[name].enabled = false;
    /** The one key these rules' Ajv instances are kept under (see OWN_SCHEMA_RULES). */
    const keptAjv = {};
    for (const name of OWN_SCHEMA_RULES)
      for (const then of loaded.rules[name]?.then ?? []) {
        const run = then.function;
        then.function = (
          /** @type {unknown} */ input,
          /** @type {unknown} */ functionOptions,
          /** @type {object} */ context,
        ) => run(input, functionOptions, { ...context, documentInventory: keptAjv });
      }
    return loaded;
  };
  let ruleset = await loadRuleset();
  const { Spectral, Document } = fromSpectralCli('@stoplight/spectral-core');
  // The parser Spectral's document inventory calls (resolved from spectral-core, whose dependency it is).
  const { Yaml } = createRequire(fromSpectralCli.resolve('@stoplight/spectral-core'))('@stoplight/spectral-parsers');
  const spectralParses = options.devLoop ? cacheSpectralParses(Yaml) : undefined;
  const { Resolver } = fromSpectralCli('@stoplight/spectral-ref-resolver');

  const redoclyEntry = fromRedoclyCli.resolve('@redocly/openapi-core');
  /**
   * The part of @redocly/openapi-core (the CLI's engine, not a dependency of ours) used here.
   * @type {{
   *   loadConfig(options: { configPath: string }): Promise<{ resolve: unknown }>,
   *   lint(options: { ref: string, config: unknown, externalRefResolver?: unknown }): Promise<RedoclyProblem[]>,
   *   bundle(options: { ref: string, config: unknown, externalRefResolver?: unknown }): Promise<{ bundle: { parsed: unknown }, problems: RedoclyProblem[] }>,
   *   BaseResolver: new (config: unknown) => { parseDocument(source: { absoluteRef: string, body: string }, isRoot?: boolean): { source: unknown, parsed: unknown } },
   *   getLineColLocation(location: unknown): { source: { absoluteRef: string }, start: { line: number, col: number } },
   *   stringifyYaml(document: unknown, options: Record<string, unknown>): string,
   * }}
   */
  const redocly = await import(pathToFileURL(redoclyEntry).href);
  // The module Redocly's example rules import (the same file, so the same module; not in its exports map).
  const validators = options.devLoop
    ? cacheExampleValidators(
        (await import(pathToFileURL(join(dirname(redoclyEntry), 'rules', 'ajv.js')).href)).AjvValidator,
      )
    : undefined;
  // A copy of the sources (the dev loop's test and bench) brings its redocly.yaml and ignore file along.
  const beside = join(sources, '..', 'redocly.yaml');
  const config = await redocly.loadConfig({
    configPath: existsSync(beside) ? beside : join(packageRoot, 'redocly.yaml'),
  });
  const redoclyParses = options.devLoop ? cachingRedoclyResolver(redocly.BaseResolver) : undefined;
  /** Options for one Redocly lint or bundle: a resolver of its own (the bundler writes into its documents), the parses kept. */
  const resolving = () => {
    redoclyParses?.nextRun();
    return redoclyParses ? { externalRefResolver: new redoclyParses.Resolver(config.resolve) } : {};
  };

  /** @returns {Promise<Finding[]>} */
  async function spectralFindings() {
    // A fresh resolver per run: its cache would hand the last run's files to this one.
    const read = (/** @type {string} */ file) => readFile(file, 'utf8');
    const resolver = new Resolver({
      resolvers: { file: { resolve: (/** @type {any} */ ref) => read(resolve(ref.href())) } },
    });
    spectralParses?.nextRun();
    const spectral = new Spectral({ resolver });
    spectral.setRuleset(ruleset);
    /** @type {Array<{ code: string | number, message: string, severity: number, source?: string, range: { start: { line: number, character: number } } }>} */
    const results = await spectral.run(new Document(await read(entry), Yaml, entry));
    return results
      .filter((result) => result.severity <= 1)
      .map((result) => ({
        file: shown(result.source ?? entry),
        line: result.range.start.line + 1,
        col: result.range.start.character + 1,
        severity: SPECTRAL_SEVERITY[result.severity] ?? 'warn',
        rule: String(result.code),
        message: result.message,
      }));
  }

  /** @returns {Promise<Finding[]>} */
  async function redoclyFindings() {
    validators?.nextRun();
    const problems = await redocly.lint({ ref: entry, config, ...resolving() });
    return problems
      .filter((problem) => !problem.ignored && problem.severity !== 'off')
      .map((problem) => {
        const at = problem.location[0];
        const place = at ? redocly.getLineColLocation(at) : undefined;
        return {
          file: shown(place ? fileURLToPath(pathToFileURL(place.source.absoluteRef)) : entry),
          line: place?.start.line ?? 1,
          col: place?.start.col ?? 1,
          severity: problem.severity === 'error' ? 'error' : 'warn',
          rule: problem.ruleId,
          message: problem.message,
        };
      });
  }

  /**
   * A parse finding moved to the `[`, `{` or quote its file never closes, when
   * there is one before it: the parsers report such an error where the text
   * stops making sense (for `maximum: [75`, the next key's line).
   * @param {Finding} finding
   * @returns {Promise<Finding>}
   */
  async function atUnclosedOpener(finding) {
    const text = await readFile(resolve(root, finding.file), 'utf8').catch(() => '');
    const open = unclosedOpener(text);
    // At 1:1 the parser names no place ("Expected a single document in the
    // stream"): an opener anywhere is nearer the mistake.
    const anywhere = finding.line === 1 && finding.col === 1;
    if (!open || (!anywhere && (open.line > finding.line || (open.line === finding.line && open.col > finding.col))))
      return finding;
    return {
      ...finding,
      line: open.line,
      col: open.col,
      message: `this ${open.opener} is never closed (the parser stopped at ${finding.line}:${finding.col}: ${finding.message})`,
    };
  }

  /**
   * A $ref that does not resolve, as Redocly names it (at the $ref), without
   * what follows from it: every example check that met the $ref ("Example
   * validation errored: can't resolve reference", one in each schema and
   * path using it), and Spectral's word for it at 1:1, which joins Redocly's
   * when that says only "Can't resolve $ref" (Spectral's names the pointer
   * that is not there). A misspelt file name gave nine errors, one of them
   * where the mistake is.
   * @param {Finding[]} findings
   */
  function withoutUnresolvedEchoes(findings) {
    const unresolvedIn = new Set(
      findings.filter((finding) => finding.rule === 'no-unresolved-refs').map((finding) => finding.file),
    );
    if (!unresolvedIn.size) return findings;
    const spectralWhy = (/** @type {string} */ file) =>
      findings.filter((finding) => finding.rule === 'invalid-ref' && finding.file === file).map((f) => f.message);
    return findings.flatMap((finding) => {
      if (finding.message.startsWith("Example validation errored: can't resolve reference")) return [];
      if (finding.rule === 'invalid-ref' && unresolvedIn.has(finding.file)) return [];
      if (finding.rule === 'no-unresolved-refs' && finding.message === "Can't resolve $ref") {
        const why = spectralWhy(finding.file);
        if (why.length) return [{ ...finding, message: `Can't resolve $ref: ${why.join('; ')}` }];
      }
      return [finding];
    });
  }

  return {
    entry,
    /**
     * Bundles the ruleset again from its files (`pnpm dev`, after an edit of
     * the house rules); the next lint uses it. Throws, keeping the rules it
     * had, when the files do not load.
     */
    async reloadRules() {
      ruleset = await loadRuleset();
    },
    /** How many file texts were parsed, not found kept (devLoop; for the tests). */
    parsed: () => ({ redocly: redoclyParses?.misses() ?? 0, spectral: spectralParses?.misses() ?? 0 }),
    /** YAML as Redocly's CLI writes the bundle. @param {unknown} document @returns {string} */
    toYaml: (document) => redocly.stringifyYaml(document, { noRefs: true, lineWidth: -1 }),
    /** Every finding of both, house rules first. @returns {Promise<Finding[]>} */
    async lint() {
      const [spectral, redoclyResults] = await Promise.all([spectralFindings(), redoclyFindings()]);
      // Paths in messages as the findings show theirs, from the root.
      const findings = [...spectral, ...redoclyResults].map((finding) => ({
        ...finding,
        message: finding.message.replaceAll(`${root}${sep}`, ''),
      }));
      // A file that does not parse makes every rule misfire (a missing example
      // at 1:1, each $ref to it unresolved): then only the parsers' findings
      // are worth reading, and of those one per file, the first: the parsers
      // go on past the error and report what follows from it (an unclosed `[`
      // gave "Unexpected end of the stream" two lines further down; a bad
      // indentation, ten findings along its line), and both linters report
      // the same error in their own words. Spectral's parser's comes first
      // at a tie: it names the YAML problem, Redocly's the file it failed to read.
      // Either is the parser's finding: Redocly files its own under
      // `no-unresolved-refs`, which sent a reader looking for a bad $ref.
      const isParse = (/** @type {Finding} */ finding) =>
        finding.rule === 'parser' || finding.message.startsWith('Failed to parse');
      // A parser's warning alone (a tab that changes nothing) leaves the file
      // parsed: its rules' findings stand.
      const parse = findings.filter((finding) => isParse(finding) && finding.severity === 'error');
      if (!parse.length) return withoutUnresolvedEchoes(findings);
      /** @type {Map<string, Finding>} the first parse finding of each file that does not parse */
      const first = new Map();
      for (const finding of parse.toSorted(
        (a, b) => a.line - b.line || a.col - b.col || Number(b.rule === 'parser') - Number(a.rule === 'parser'),
      )) {
        if (!first.has(finding.file)) first.set(finding.file, finding);
      }
      // The parsers' warnings up to that error stay, before it: a tab ("Using
      // tabs can lead to unpredictable results") is often its cause.
      const warnings = findings.filter((finding) => {
        const error = first.get(finding.file);
        return (
          error &&
          isParse(finding) &&
          finding.severity === 'warn' &&
          (finding.line < error.line || (finding.line === error.line && finding.col <= error.col))
        );
      });
      const errors = await Promise.all(
        [...first.values()].map((finding) =>
          // Redocly names the file again, by its absolute path: the finding already says which.
          atUnclosedOpener({
            ...finding,
            rule: 'parser',
            message: finding.message.replace(/^(Failed to parse: .*) in "[^"]*"/, '$1'),
          }),
        ),
      );
      return [...warnings, ...errors];
    },
    /** The bundle, as `pnpm build` writes it (Redocly's bundler, refs kept). @returns {Promise<Record<string, unknown>>} */
    async bundle() {
      const result = await redocly.bundle({ ref: entry, config, ...resolving() });
      // A file that does not parse is left as its $ref, which nothing downstream resolves.
      const failed = result.problems.find((problem) => problem.severity === 'error');
      if (failed) throw new Error(`the sources do not bundle: ${failed.message}`);
      const parsed = /** @type {Record<string, unknown>} */ (result.bundle.parsed);
      // The CLI writes the OpenAPI keys in this order, extensions after them.
      const known = TOP_LEVEL_ORDER.filter((key) => key in parsed);
      const rest = Object.keys(parsed).filter((key) => !TOP_LEVEL_ORDER.includes(key));
      return Object.fromEntries([...known, ...rest].map((key) => [key, parsed[key]]));
    },
  };
}
