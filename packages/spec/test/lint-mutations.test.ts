// The promise of the house rules to an API owner: break one convention in the
// YAML and `pnpm lint` fails naming that rule. Each case below edits a copy of
// the real sources in one way; one Spectral CLI run lints every copy.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sources = fileURLToPath(new URL('../openapi', import.meta.url));
const spectral = fileURLToPath(new URL('../node_modules/.bin/spectral', import.meta.url));
const ruleset = createRequire(import.meta.url).resolve('@webmon/lint-rules/ruleset.yaml');

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
    rule: 'page-list-contract',
    file: 'components/parameters/limit.yaml',
    find: 'maximum: 100',
    replace: 'maximum: 200',
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
    find: "    '429':\n      $ref: ../components/responses/TooManyRequests.yaml\n",
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
  { rule: 'create-returns-new-id', file: 'paths/ssl.yaml', find: "    '201':", replace: "    '200':" },
  {
    rule: 'update-delete-no-content',
    file: 'paths/pagespeed_{test_id}.yaml',
    find: /(delete:[\s\S]*?)'204':/,
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
  { rule: 'tags-in-groups', file: 'openapi.yaml', find: '    tags: [locations]', replace: '    tags: []' },
  {
    rule: 'check-rate-enum',
    file: 'components/schemas/UptimeTestCheckRate.yaml',
    find: 'enum: [0, 30,',
    replace: 'enum: [0, 15, 30,',
  },
  {
    rule: 'oas3-valid-media-example',
    file: 'paths/uptime.yaml',
    find: 'check_rate: 1800',
    replace: 'check_rate: 1801',
  },
];

let workspace: string;
const copies = new Map<string, Mutation>();
const codesByCopy = new Map<string, Set<string>>();

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'lint-mutations-'));
  MUTATIONS.forEach((mutation, index) => {
    const copy = join(workspace, `m${index}-${mutation.rule}`);
    cpSync(sources, copy, { recursive: true });
    const file = join(copy, mutation.file);
    const before = readFileSync(file, 'utf8');
    const after = before.replace(mutation.find, mutation.replace);
    // A mutation that changes nothing would make its case pass vacuously.
    expect(after, `${mutation.rule}: the edit must change ${mutation.file}`).not.toBe(before);
    writeFileSync(file, after);
    copies.set(join(copy, 'openapi.yaml'), mutation);
  });
  const documents = [join(sources, 'openapi.yaml'), ...copies.keys()];
  const run = promisify(execFile);
  // Spectral exits non-zero when it finds problems; the JSON report is what we read.
  const lint = (batch: string[]) =>
    run(spectral, ['lint', ...batch, '--ruleset', ruleset, '--format', 'json', '--quiet'], {
      maxBuffer: 64 * 1024 * 1024,
    })
      .catch((error: { stdout: string }) => ({ stdout: error.stdout }))
      .then(({ stdout }) => JSON.parse(stdout) as { code: string; source: string }[]);
  // Two processes, one per core: each document takes about a second to lint.
  const half = Math.ceil(documents.length / 2);
  const results = (await Promise.all([lint(documents.slice(0, half)), lint(documents.slice(half))])).flat();
  for (const result of results) {
    const copy = [...copies.keys(), join(sources, 'openapi.yaml')].find((doc) =>
      result.source.startsWith(doc.replace(/openapi\.yaml$/, '')),
    );
    if (!copy) continue;
    if (!codesByCopy.has(copy)) codesByCopy.set(copy, new Set());
    codesByCopy.get(copy)!.add(result.code);
  }
}, 120_000);

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

describe('lint on the real sources', () => {
  it('reports nothing', () => {
    expect([...(codesByCopy.get(join(sources, 'openapi.yaml')) ?? [])]).toEqual([]);
  });
});

describe('lint on a copy broken in one way', () => {
  it.each(MUTATIONS.map((m, i) => [m.rule, i] as const))('%s fires', (rule, index) => {
    const copy = [...copies.keys()][index]!;
    expect([...(codesByCopy.get(copy) ?? [])]).toContain(rule);
  });
});
