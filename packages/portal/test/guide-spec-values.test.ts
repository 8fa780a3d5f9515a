// The guides repeat no value of the API description by hand (issue 12): a bound,
// default, enum, page size, rate limit or error example is written once, in the
// spec. In running prose the guides read it through components
// (src/components/SpecValue.tsx, RateLimit.tsx, JsonExample.tsx); what they
// cannot (code comments, shown output, a count, a pattern's range) is checked
// here against the bundle. This file checks:
//  1. each such restated value against the bundle (expected values are computed
//     from @webmon/spec/openapi.json here, never copied);
//  2. that every line of a code block or of prose that looks like a spec value
//     (a range, an enum list, a rate) is covered by a check or listed as not the
//     spec's, so a new one cannot slip in unchecked;
//  3. that the built pages (build/, pre-rendered) show the values the components
//     read, and that a guide page's JavaScript carries only the few spec objects
//     it uses, not the bundle.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { listOperations, propertiesOf, resolveRef, toPointer } from '@webmon/openapi-core';
import { describe, expect, it } from 'vitest';
import { type CodeBlock, blocksOf, listMdx } from './guide-examples/blocks.js';
import { buildDir, decodeEntities, portalDir } from './helpers.js';

interface Schema {
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  description?: string;
  example?: unknown;
}

const require = createRequire(join(portalDir, 'package.json'));
const bundle = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8')) as {
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, { schema: Schema }>;
    responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
    headers: Record<string, { schema: Schema }>;
  };
};
const guidesDir = join(portalDir, 'guides');

// --- the bundle, read independently of the components ---------------------
// Through @webmon/openapi-core, the one reader of the bundle: $refs followed
// with their sibling keywords, allOf merged, operations under every method.

const deref = (schema: Schema): Schema => resolveRef<Schema>(bundle, schema);

/** A schema's properties, through `$ref` and `allOf` (a Create is `allOf` its Update plus `required`), each resolved. */
const properties = (name: string) =>
  propertiesOf(bundle, { $ref: toPointer('components', 'schemas', name) }) as Record<string, Schema>;
function field(schemaName: string, name: string): Schema {
  const found = properties(schemaName)[name];
  if (!found) throw new Error(`${schemaName} has no property ${name}`);
  return found;
}
const bounds = (schema: Schema) => [schema.minimum, schema.maximum];
const param = (name: string) => deref(bundle.components.parameters[name]!.schema);
const example = (response: string) => bundle.components.responses[response]!.content!['application/json']!.example;
const headerExample = (name: string) => bundle.components.headers[name]!.schema.example;

/** The policies of x-ratelimit-limit's example (`5, 60;w=60, 5;w=1`), by window in seconds. */
function rateLimit(windowSeconds: number): number {
  const policy = new RegExp(`(\\d+);w=${windowSeconds}\\b`).exec(String(headerExample('x-ratelimit-limit')));
  if (!policy) throw new Error(`x-ratelimit-limit's example has no ${windowSeconds}-second policy`);
  return Number(policy[1]);
}

const operations = listOperations(bundle);
const operationCount = () => operations.length;

/** The fields sent as arrays in create bodies (`field[]=value`). */
const arrayFields = () =>
  Object.keys(bundle.components.schemas)
    .filter((name) => name.endsWith('Create'))
    .flatMap((name) => Object.entries(properties(name)).filter(([, schema]) => schema.type === 'array'))
    .map(([name]) => name);

/** The three-digit codes a pattern accepts, as [lowest, highest]; throws unless they form one range. */
function codeRange(pattern: string): number[] {
  const accepts = new RegExp(pattern);
  const codes = Array.from({ length: 1000 }, (_, n) => n).filter((n) => accepts.test(String(n).padStart(3, '0')));
  const [low, high] = [codes[0]!, codes.at(-1)!];
  expect(codes.length, `${pattern} accepts one range of codes`).toBe(high - low + 1);
  return [low, high];
}

// --- what the guides restate ----------------------------------------------

/** `0 (constant), 30, 60 or 86400` / `5 to 75` / `5 and 75` -> [0, 30, 60, 86400] / [5, 75]. */
const list = (text: string) =>
  text
    .replace(/\s*\([^)]*\)/g, '')
    .split(/\s*,\s*|\s+or\s+|\s+to\s+|\s+and\s+/)
    .map((item) => (/^\d+$/.test(item) ? Number(item) : item));
const words = (text: string) => text;
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six'];

interface Check {
  /** Guide file, relative to guides/. */
  file: string;
  /** Where: a code block by title, the untitled block right after a titled one, or the file's prose. */
  in: { block: string } | { after: string } | 'prose';
  /** One capture group: the restated value. Every match must read as expected. */
  pattern: RegExp;
  expected: () => unknown;
  read?: (text: string) => unknown;
}

const CHECKS: Check[] = [
  // Uptime check fields, in the end-to-end example's comments and the Terraform example.
  {
    file: 'examples.mdx',
    in: { block: 'uptime-lifecycle.ts' },
    pattern: /check_rate: \d+, \/\/ seconds: (.+)$/m,
    expected: () => field('UptimeTestCreate', 'check_rate').enum,
  },
  {
    file: 'examples.mdx',
    in: { block: 'uptime-lifecycle.ts' },
    pattern: /timeout: \d+, \/\/ (\d+ to \d+) seconds/,
    expected: () => bounds(field('UptimeTestCreate', 'timeout')),
  },
  {
    file: 'examples.mdx',
    in: { block: 'uptime-lifecycle.ts' },
    pattern: /confirmation: \d+, \/\/ (\d+ to \d+) locations/,
    expected: () => bounds(field('UptimeTestCreate', 'confirmation')),
  },
  {
    file: 'examples.mdx',
    in: { block: 'uptime-lifecycle.ts' },
    pattern: /burst limit of (\d+) requests per second/,
    expected: () => [rateLimit(1)],
  },
  {
    file: 'examples.mdx',
    in: { block: 'maintenance-window.ts' },
    pattern: /repeat_interval: '\w+', \/\/ (.+)$/m,
    expected: () => field('MaintenanceWindowCreate', 'repeat_interval').enum,
  },
  // The output shown for validation-error.ts: the spec's 400 message and constraints.
  {
    file: 'examples.mdx',
    in: { after: 'validation-error.ts' },
    pattern: /^(.+)\n {2}test_type:/,
    read: words,
    expected: () => (example('BadRequest') as { message: string }).message,
  },
  {
    file: 'examples.mdx',
    in: { after: 'validation-error.ts' },
    pattern: /test_type must be one of: (.+)$/m,
    expected: () => field('UptimeTestCreate', 'test_type').enum,
  },
  {
    file: 'examples.mdx',
    in: { after: 'validation-error.ts' },
    pattern: /timeout must be between (\d+ and \d+)$/m,
    expected: () => bounds(field('UptimeTestCreate', 'timeout')),
  },
  {
    file: 'api/errors.mdx',
    in: { block: 'handle-errors.ts' },
    pattern: /is not an uptime check rate \((.+) seconds\)/,
    expected: () => field('UptimeTestCreate', 'check_rate').enum,
  },
  {
    file: 'api/errors.mdx',
    in: 'prose',
    pattern: /`([^`(]+) \(HTTP 400 on POST/,
    read: words,
    expected: () => (example('BadRequest') as { message: string }).message,
  },
  // Rate limits: the headers and the 429 a burst gets, and the code comments.
  {
    file: 'api/ratelimiting.mdx',
    in: { after: 'headers.sh' },
    pattern: /^x-ratelimit-limit: (.+)$/m,
    read: words,
    expected: () => headerExample('x-ratelimit-limit'),
  },
  {
    file: 'api/ratelimiting.mdx',
    in: { after: 'headers.sh' },
    pattern: /^x-ratelimit-remaining: (\d+)$/m,
    read: Number,
    expected: () => headerExample('x-ratelimit-remaining'),
  },
  {
    file: 'api/ratelimiting.mdx',
    in: { after: 'headers.sh' },
    pattern: /^x-ratelimit-reset: (\d+)$/m,
    read: Number,
    expected: () => headerExample('x-ratelimit-reset'),
  },
  {
    file: 'api/ratelimiting.mdx',
    in: { block: 'burst.sh' },
    pattern: /at most (\d+) a second get through/,
    expected: () => [rateLimit(1)],
  },
  {
    file: 'api/ratelimiting.mdx',
    in: { after: 'burst.sh' },
    pattern: /^((?:200 )+)429/m,
    read: (text) => text.trim().split(' ').length,
    expected: () => rateLimit(1),
  },
  {
    file: 'api/ratelimiting.mdx',
    in: { after: 'burst.sh' },
    pattern: /^x-ratelimit-limit: (.+)$/m,
    read: words,
    expected: () => headerExample('x-ratelimit-limit'),
  },
  {
    file: 'api/ratelimiting.mdx',
    in: { after: 'burst.sh' },
    pattern: /^(\{"message".+\})$/m,
    read: (text) => JSON.parse(text),
    expected: () => example('TooManyRequests'),
  },
  {
    // The mock's answer to `Prefer: code=429`: a full per-minute window.
    file: 'api/ratelimiting.mdx',
    in: { after: 'prefer-429.sh' },
    pattern: /at most (\d+) requests per minute/,
    expected: () => [rateLimit(60)],
  },
  {
    file: 'sdks/backoff.mdx',
    in: { block: 'rate-limit-error.ts' },
    pattern: /the (\d+)\/s burst limit/,
    expected: () => [rateLimit(1)],
  },
  {
    file: 'sdks/configuration.mdx',
    in: { block: 'configured.ts' },
    pattern: /the account's (\d+) requests per second/,
    expected: () => [rateLimit(1)],
  },
  {
    file: 'terraform/introduction.mdx',
    in: { block: 'main.tf' },
    pattern: /share the account's (\d+) requests\/s/,
    expected: () => [rateLimit(1)],
  },
  {
    file: 'terraform/introduction.mdx',
    in: { block: 'main.tf' },
    pattern: /check_rate += \d+ +# (.+) seconds$/m,
    expected: () => field('UptimeTestCreate', 'check_rate').enum,
  },
  {
    file: 'terraform/introduction.mdx',
    in: { block: 'main.tf' },
    pattern: /timeout += \d+ +# (\d+ to \d+) seconds/,
    expected: () => bounds(field('UptimeTestCreate', 'timeout')),
  },
  {
    file: 'terraform/introduction.mdx',
    in: { block: 'main.tf' },
    pattern: /confirmation += \d+ +# (\d+ to \d+) locations/,
    expected: () => bounds(field('UptimeTestCreate', 'confirmation')),
  },
  {
    file: 'terraform/introduction.mdx',
    in: { block: 'main.tf' },
    pattern: /trigger_rate += \d+ +# (\d+ to \d+) minutes/,
    expected: () => bounds(field('UptimeTestCreate', 'trigger_rate')),
  },
  {
    file: 'terraform/introduction.mdx',
    in: { block: 'main.tf' },
    pattern: /alert_at += \[[^\]]*\] # exactly (\w+) values/,
    read: (text) => [NUMBER_WORDS.indexOf(text), NUMBER_WORDS.indexOf(text)],
    expected: () => [field('SSLTestCreate', 'alert_at').minItems, field('SSLTestCreate', 'alert_at').maxItems],
  },
  {
    file: 'terraform/introduction.mdx',
    in: { block: 'main.tf' },
    pattern: /website_url += "[^"]*" # must begin with (\S+)/,
    read: (text) => `^${text}`,
    expected: () => field('SSLTestCreate', 'website_url').pattern,
  },
  // Prose that no component can give.
  {
    file: 'index.mdx',
    in: 'prose',
    pattern: /<dd>(\d+) operations in/,
    read: Number,
    expected: operationCount,
  },
  {
    file: 'api/introduction.mdx',
    in: 'prose',
    pattern: /That is (\d+) operations in all/,
    read: Number,
    expected: operationCount,
  },
  {
    file: 'sdks/introduction.mdx',
    in: 'prose',
    pattern: /all (\d+) operations as/,
    read: Number,
    expected: operationCount,
  },
  {
    file: 'api/parameters.mdx',
    in: 'prose',
    pattern: /each a\s+three-digit code from (\d+ to \d+)/,
    // One code is a valid CSV: the codes the pattern accepts alone.
    expected: () => codeRange(field('UptimeTestCreate', 'status_codes_csv').pattern!),
  },
  {
    file: 'api/parameters.mdx',
    in: 'prose',
    pattern: /Array fields \(([^)]*)\)/,
    read: (text) => [...text.matchAll(/`(\w+)`/g)].map((match) => match[1]).sort(),
    expected: () => [...new Set(arrayFields())].sort(),
  },
];

/** Lines that look like a spec value but are not the spec's (other tools' settings, client defaults). */
const NOT_FROM_SPEC: { file: string; text: string; why: string }[] = [
  { file: 'terraform/introduction.mdx', text: '# 0 to 10', why: "the Terraform provider's retries setting" },
  { file: 'terraform/introduction.mdx', text: 'from 0 to 10', why: "the Terraform provider's retries setting" },
  { file: 'sdks/backoff.mdx', text: '(0.8 to 1.2 by default)', why: "the TypeScript client's jitter" },
  {
    file: 'api/ratelimiting.mdx',
    text: 'A throttle at 4 per second',
    why: "an example client throttle (Terraform's default)",
  },
  { file: 'examples.mdx', text: '01:00 to 03:00', why: 'a time of day' },
];

/** What looks like a restated spec value: a range, a rate, an enum message, a long list of values. */
const SUSPECT =
  /\b\d+ (?:to|and) \d+\b|\b\d+\/s\b|\b\d+ requests? (?:per|a) (?:second|minute)\b|\b\d+ (?:per|a) (?:second|minute)\b|must be one of|(?:\b\w+, ){3,}\w+ or \w+/;

// --- the guides -------------------------------------------------------------

const files = new Map(
  listMdx(guidesDir).map((path) => [relative(guidesDir, path), readFileSync(path, 'utf8')] as const),
);
const blocks = new Map([...files].map(([file, source]) => [file, blocksOf(source, file)] as const));

/** The prose of a file: its source with every fenced block's lines blanked (line numbers kept). */
function prose(file: string): string {
  const lines = files.get(file)!.split('\n');
  for (const block of blocks.get(file)!) {
    const count = block.code.split('\n').length - 1;
    for (let i = block.line - 1; i <= block.line + count && i < lines.length; i++) lines[i] = '';
  }
  return lines.join('\n');
}

function blockOf(check: Check): CodeBlock | undefined {
  const all = blocks.get(check.file) ?? [];
  if (check.in === 'prose') return undefined;
  if ('block' in check.in) {
    const title = check.in.block;
    return all.find((block) => block.title === title);
  }
  const after = check.in.after;
  const index = all.findIndex((block) => block.title === after);
  return index >= 0 && !all[index + 1]?.title ? all[index + 1] : undefined;
}

const scopeOf = (check: Check): string => {
  if (check.in === 'prose') return prose(check.file);
  const block = blockOf(check);
  if (!block) throw new Error(`${check.file}: no code block ${JSON.stringify(check.in)}`);
  return block.code;
};

const globally = (pattern: RegExp) =>
  new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);

describe('values the guides restate in code and prose', () => {
  it.each(CHECKS.map((check) => [`${check.file} ${check.pattern.source}`, check] as const))(
    '%s: reads as the bundle says',
    (_label, check) => {
      expect(files.has(check.file), `${check.file} exists`).toBe(true);
      const matches = [...scopeOf(check).matchAll(globally(check.pattern))];
      expect(matches.length, `${check.file}: ${check.pattern} must still match (update the check with the guide)`).toBe(
        1,
      );
      const read = check.read ?? list;
      for (const match of matches) expect(read(match[1]!), `${check.file}: "${match[0]}"`).toEqual(check.expected());
    },
  );

  it('leaves no line that looks like a spec value unchecked, in code blocks or prose', () => {
    const unchecked: string[] = [];
    for (const file of files.keys()) {
      const scopes: [string, string][] = [
        ['prose', prose(file)],
        ...blocks.get(file)!.map((block) => [`line ${block.line}`, block.code] as [string, string]),
      ];
      for (const [where, text] of scopes) {
        // The character ranges the checks of this file cover in this text.
        const covered = CHECKS.filter((check) => check.file === file && scopeOf(check) === text).flatMap((check) =>
          [...text.matchAll(globally(check.pattern))].map((match) => [match.index!, match.index! + match[0].length]),
        );
        let offset = 0;
        for (const line of text.split('\n')) {
          const start = offset;
          offset += line.length + 1;
          if (!SUSPECT.test(line)) continue;
          if (covered.some(([from, to]) => from! < start + line.length && to! > start)) continue;
          if (NOT_FROM_SPEC.some((known) => known.file === file && line.includes(known.text))) continue;
          unchecked.push(`${file} (${where}): ${line.trim()}`);
        }
      }
    }
    expect(
      unchecked,
      'use a component (src/components/SpecValue.tsx, RateLimit.tsx) in prose, or add a check above',
    ).toEqual([]);
  });
});

// --- the built site -----------------------------------------------------------

/** The visible text of a built page: block tags as spaces, inline tags dropped, entities decoded, spaces collapsed. */
function pageText(route: string): string {
  const html = readFileSync(join(buildDir, route, 'index.html'), 'utf8');
  const withoutTags = html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '')
    .replace(/<\/?(?:p|li|td|th|tr|div|dd|dt|br|pre|h\d)\b[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, '');
  // A no-break space is a space here (\s matches it).
  return decodeEntities(withoutTags).replace(/\s+/g, ' ');
}

describe('the built guides', () => {
  const built = existsSync(join(buildDir, 'guides', 'index.html'));

  it('exist (run `pnpm --filter @webmon/portal build` first; turbo does before test)', () => {
    expect(built).toBe(true);
  });

  it.runIf(built)('show the values the components read from the bundle, pre-rendered', () => {
    const limit = param('limit');
    const timeout = field('UptimeTestCreate', 'timeout');
    const confirmation = field('UptimeTestCreate', 'confirmation');
    const period = field('HeartbeatTestCreate', 'period');
    const expectations: Record<string, string[]> = {
      'guides/api/parameters': [
        `every list and series ${limit.minimum} to ${limit.maximum}, default ${limit.default}`,
        `from ${param('page').minimum}, default ${param('page').default}`,
        `/uptime, /heartbeat ${param('status').enum!.join(' or ')}`,
        `a limit of ${limit.maximum} needs the fewest calls`,
      ],
      'guides/api/introduction': [`with timeout ${timeout.default} and confirmation ${confirmation.default}.`],
      'guides/api/ratelimiting': [
        `${rateLimit(1)} requests per second (burst)`,
        `${rateLimit(60)} requests per minute`,
        `x-ratelimit-limit the limit in force, then each policy as N;w=SECONDS ${headerExample('x-ratelimit-limit')}`,
        `it reads ${String(headerExample('x-ratelimit-limit')).replace(/^\d+/, String(rateLimit(60)))},`,
        `requests after ${rateLimit(60) / 4} seconds`,
        `limit=${limit.maximum} rather than many pages of ${limit.default}`,
      ],
      'guides/api/errors': [JSON.stringify(bundle.components.schemas.APIError!.example)],
      'guides/api/authentication': [JSON.stringify(example('Unauthorized'))],
      'guides/examples': [`seconds (${period.minimum} to ${period.maximum}) of the last one`],
      guides: [
        `uptime (${field('UptimeTestCreate', 'test_type').enum!.join(', ')})`,
        `${rateLimit(1)} requests per second for every account, ${rateLimit(60)} per minute`,
      ],
      'guides/terraform/introduction': [`burst limit of ${rateLimit(1)} requests per second`],
    };
    for (const [route, texts] of Object.entries(expectations)) {
      const text = pageText(route);
      for (const expected of texts) expect(text, `${route} shows "${expected}"`).toContain(expected);
    }
  });

  it.runIf(built)("list the client's methods as the built client has them (the SDK introduction's table)", async () => {
    const { createClient, resources } = await import('@webmon/ts-client');
    const client = createClient({ token: 'guide-table' }) as unknown as Record<string, Record<string, unknown>>;
    const html = readFileSync(join(buildDir, 'guides', 'sdks', 'introduction', 'index.html'), 'utf8');
    // Rows up to the next one: the minifier leaves out the optional `</td>` and `</tr>`.
    const rows = html
      .split('<tr>')
      .slice(1)
      .map((row) => row.split('</table>')[0]!);
    const groups = Object.keys(resources);
    expect(groups.length).toBeGreaterThan(3);
    for (const group of groups) {
      const row = rows.find((cells) => cells.includes(`<code>client.${group}</code>`));
      expect(row, group).toBeDefined();
      const methods = Object.keys(client[group]!).filter((name) => typeof client[group]![name] === 'function');
      expect(methods.length, group).toBeGreaterThan(1);
      for (const method of methods) expect(row, `client.${group}.${method}`).toContain(`<code>${method}</code>`);
    }
  });

  it.runIf(built)('load only the few spec objects they show, not the bundle, with every page', () => {
    // Docusaurus puts a module most guide pages import (the bundle, tree-shaken
    // to what they read) in `common`, which every page loads, like `main`.
    // Counting spec.paths or a lookup by name (schemas[name]) would ship all
    // of paths or schemas there.
    const summaries = operations
      .map(({ operation }) => operation.summary)
      .filter((text): text is string => typeof text === 'string' && !!text);
    const descriptions = Object.values(bundle.components.schemas)
      .map((schema) => schema.description)
      .filter((text): text is string => !!text && !/['"\\]/.test(text));
    const jsDir = join(buildDir, 'assets', 'js');
    // This build's files, not a directory listing: turbo restores a cached
    // build over build/ without removing an earlier build's chunks. `main` is
    // named in the page's HTML; `common` is loaded by the runtime, by hash.
    const html = readFileSync(join(buildDir, 'guides', 'index.html'), 'utf8');
    const named = (pattern: RegExp) => pattern.exec(html)?.[1] ?? '';
    const runtime = readFileSync(join(jsDir, named(/\/assets\/js\/(runtime~main\.\w+\.js)/)), 'utf8');
    const common = readdirSync(jsDir).filter((name) => {
      const hash = /^common\.(\w+)\.js$/.exec(name)?.[1];
      return hash !== undefined && runtime.includes(`"${hash}"`);
    });
    expect(common).toHaveLength(1);
    const everyPage = [named(/\/assets\/js\/(main\.\w+\.js)/), ...common];
    for (const name of everyPage) {
      const code = readFileSync(join(jsDir, name), 'utf8');
      expect(
        summaries.filter((text) => code.includes(`"${text}"`)),
        `${name}: operations of the bundle`,
      ).toEqual([]);
      const shipped = descriptions.filter((text) => code.includes(`"${text}"`));
      expect(
        shipped.length,
        `${name}: schema descriptions of the bundle (${descriptions.length} in all)`,
      ).toBeLessThanOrEqual(8);
    }
  });
});
