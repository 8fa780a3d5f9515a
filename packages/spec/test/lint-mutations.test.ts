// The promise of the house rules to an API owner: break one convention in the
// YAML and `pnpm lint` fails naming that rule. Each case below edits one file
// of the real sources, in memory, and lints the result in this process with
// the Spectral CLI's own ruleset loader and engine (the CLI's dependencies, so
// the same versions `pnpm lint` runs). Spawning the CLI per batch re-bundled
// the ruleset in every process and copied the whole tree per case; here the
// ruleset is bundled once per file and the edited file is handed to the $ref
// resolver from memory, so nothing is written.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LinterResult } from '@stoplight/spectral-cli/dist/services/linter/linter.js';
import { getRuleset } from '@stoplight/spectral-cli/dist/services/linter/utils/getRuleset.js';
import { beforeAll, describe, expect, it } from 'vitest';

const sources = fileURLToPath(new URL('../openapi', import.meta.url));
const root = join(sources, 'openapi.yaml');
const require = createRequire(import.meta.url);
const rulesetFile = require.resolve('@webmon/lint-rules/ruleset.yaml');

type Ruleset = Awaited<ReturnType<typeof getRuleset>>;
type Finding = LinterResult['results'][number];
/** The parts of Spectral the CLI is built from that this test drives (resolved next to the CLI). */
interface Engine {
  Spectral: new (options: {
    resolver: unknown;
  }) => { setRuleset(ruleset: Ruleset): void; run(document: unknown): Promise<Finding[]> };
  Document: new (input: string, parser: unknown, source: string) => unknown;
  Ruleset: new (definition: unknown, context: { source?: string }) => Ruleset;
  Yaml: unknown;
  Resolver: new (options: {
    resolvers: Record<string, { resolve(ref: { href(): string }): Promise<string> }>;
  }) => unknown;
}
const fromCli = createRequire(require.resolve('@stoplight/spectral-cli/package.json'));
const engine = {
  ...(fromCli('@stoplight/spectral-core') as Pick<Engine, 'Spectral' | 'Document' | 'Ruleset'>),
  ...(fromCli('@stoplight/spectral-parsers') as Pick<Engine, 'Yaml'>),
  ...(fromCli('@stoplight/spectral-ref-resolver') as Pick<Engine, 'Resolver'>),
} satisfies Engine;

interface Mutation {
  /** The rule that must fire. */
  rule: string;
  /** File under openapi/ to edit, and the exact text to replace in it. */
  file: string;
  find: string | RegExp;
  replace: string;
}

const MUTATIONS: Mutation[] = [
  {
    // The shared limit without its default.
    rule: 'limit-contract',
    file: 'components/parameters/limit.yaml',
    find: '  default: 25\n',
    replace: '',
  },
  {
    rule: 'cursor-series-contract',
    file: 'components/schemas/Links.yaml',
    find: / {2}next:\n( {4}.*\n)+/,
    replace: '',
  },
  { rule: 'list-declares-pagination', file: 'paths/ssl.yaml', find: '  x-pagination: page\n', replace: '' },
  {
    rule: 'error-responses',
    file: 'paths/uptime-locations.yaml',
    find: / {4}["']429["']:\n {6}\$ref: \.\.\/components\/responses\/TooManyRequests\.yaml\n/,
    replace: '',
  },
  {
    rule: 'rate-limit-headers',
    file: 'components/responses/NoContent.yaml',
    find: / {2}x-ratelimit-reset:\n {4}.*\n/,
    replace: '',
  },
  {
    rule: 'form-urlencoded-only',
    file: 'paths/contact-groups.yaml',
    find: 'application/x-www-form-urlencoded:',
    replace: 'application/json:',
  },
  {
    rule: 'form-array-brackets',
    file: 'paths/heartbeat.yaml',
    find: '        x-form-array-style: brackets\n',
    replace: '',
  },
  { rule: 'create-returns-new-id', file: 'paths/ssl.yaml', find: / {4}["']201["']:/, replace: "    '200':" },
  {
    rule: 'update-delete-no-content',
    file: 'paths/pagespeed_{test_id}.yaml',
    find: /(delete:[\s\S]*?)["']204["']:/,
    replace: "$1'200':",
  },
  {
    rule: 'path-params-string',
    file: 'components/parameters/test_id.yaml',
    find: 'type: string',
    replace: 'type: integer\n  minimum: 1\n  maximum: 99999999',
  },
  { rule: 'paths-kebab-case', file: 'openapi.yaml', find: '  /uptime-locations:', replace: '  /uptime_locations:' },
  {
    rule: 'properties-snake-case',
    file: 'components/schemas/SSLTestFlags.yaml',
    find: '  has_pfs:',
    replace: '  hasPfs:',
  },
  {
    rule: 'operation-id-verb-noun',
    file: 'paths/ssl.yaml',
    find: 'operationId: list-ssl-tests',
    replace: 'operationId: sslTests',
  },
  { rule: 'integer-bounds', file: 'components/schemas/UptimeTestUpdate.yaml', find: '    maximum: 75\n', replace: '' },
  {
    rule: 'length-bounds',
    file: 'components/schemas/ContactGroupUpdate.yaml',
    find: '      maxLength: 254\n',
    replace: '',
  },
  {
    rule: 'create-request-required',
    file: 'components/schemas/ContactGroupCreate.yaml',
    find: 'required: [name]\n',
    replace: '',
  },
  {
    rule: 'description-required',
    file: 'components/schemas/UptimeTestAlert.yaml',
    find: "    description: The alert's id.\n",
    replace: '',
  },
  {
    rule: 'example-required',
    file: 'components/schemas/UptimeTestAlert.yaml',
    find: /example:\n( {2}.*\n)+$/,
    replace: '',
  },
  {
    // The not-found answer of every read, update and delete loses its example.
    rule: 'operation-response-example',
    file: 'components/responses/NotFound.yaml',
    find: / {4}example:\n( {6}.*\n)+$/,
    replace: '',
  },
  { rule: 'tags-in-groups', file: 'openapi.yaml', find: '    tags: [locations]', replace: '    tags: []' },
  {
    // One schema of the product with rates of its own instead of the product's enum.
    rule: 'check-rate-enum',
    file: 'components/schemas/UptimeTestOverview.yaml',
    find: '  check_rate:\n    $ref: ./UptimeTestCheckRate.yaml\n',
    replace: '  check_rate:\n    type: integer\n    enum: [0, 15, 30, 60, 300, 900, 1800, 3600, 86400]\n',
  },
  {
    rule: 'oas3-valid-media-example',
    file: 'paths/uptime.yaml',
    find: 'check_rate: 1800',
    replace: 'check_rate: 1801',
  },
];

let ruleset: Ruleset;
beforeAll(async () => {
  ruleset = await getRuleset(rulesetFile);
});

/**
 * Every finding for openapi.yaml, with `edits` (absolute path to text) read
 * instead of those files. A fresh resolver per run: its cache would otherwise
 * hand one run's files to the next.
 */
async function lint(rules: Ruleset, edits: ReadonlyMap<string, string> = new Map()): Promise<Finding[]> {
  const read = async (file: string) => edits.get(file) ?? readFile(file, 'utf8');
  const resolver = new engine.Resolver({ resolvers: { file: { resolve: (ref) => read(resolve(ref.href())) } } });
  const spectral = new engine.Spectral({ resolver });
  spectral.setRuleset(rules);
  return spectral.run(new engine.Document(await read(root), engine.Yaml, root));
}

/** The ruleset with only `rules` on (Spectral runs each rule on its own over the same resolved document). */
const only = (rules: readonly string[]) =>
  new engine.Ruleset(
    { extends: [[ruleset.definition, 'off']], rules: Object.fromEntries(rules.map((rule) => [rule, true])) },
    { source: rulesetFile },
  );

describe('lint on the real sources', () => {
  // The baseline of the cases below: none of their rules fires on the sources
  // as they are, so each "fires" is the edit's doing. The same sources with
  // every rule on are `pnpm lint`'s check (the Spectral CLI, this ruleset,
  // failing on any warning or error, and every enabled rule is one), which
  // `npm test` runs too: repeating it here cost ~1.3 CPU-s more, the
  // example-validation rules no mutation targets being most of a full run.
  it('reports nothing with the rules of the mutations on', async () => {
    const rules = MUTATIONS.map((mutation) => mutation.rule);
    expect(rules.every((rule) => ruleset.rules[rule]?.enabled)).toBe(true);
    expect((await lint(only(rules))).map((finding) => `${finding.code} ${finding.source}: ${finding.message}`)).toEqual(
      [],
    );
  });
});

describe('lint on the sources broken in one way', () => {
  it.each(MUTATIONS.map((m) => [m.rule, m] as const))('%s fires', async (rule, mutation) => {
    const file = join(sources, mutation.file);
    const before = readFileSync(file, 'utf8');
    const after = before.replace(mutation.find, mutation.replace);
    // A mutation that changes nothing would make its case pass vacuously.
    expect(after, `the edit must change ${mutation.file}`).not.toBe(before);
    // `pnpm lint` fails on errors and warnings (--fail-severity warn): the rule must be one of those.
    expect(ruleset.rules[rule]?.enabled, `${rule} is on`).toBe(true);
    expect(ruleset.rules[rule]?.severity, `${rule} is an error or a warning`).toBeLessThanOrEqual(1);
    // Only this rule runs on the edited sources: Spectral runs each rule on
    // its own over the same resolved document, so the others cannot change
    // what this one finds, and most of a full run is the example validation.
    const findings = await lint(only([rule]), new Map([[file, after]]));
    expect(findings.map((finding) => finding.code)).toContain(rule);
  });
});
