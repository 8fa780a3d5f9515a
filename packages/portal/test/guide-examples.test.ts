// Runs every code example of the guides against the real mock server, so the
// docs cannot drift from the API, the mock or the TypeScript client.
//
// - Blocks marked `run` in their info string (```ts title="x.ts" run) are
//   extracted from guides/**/*.mdx.
// - TypeScript blocks are type-checked together against @webmon/ts-client's
//   published types (tsc, strict), then transpiled (ts.transpileModule) and
//   run with Node as ES modules in a temporary folder whose node_modules links
//   to this package's @webmon/ts-client (the workspace build).
//   They read WEBMON_API_URL and WEBMON_API_TOKEN, as the guides tell readers to.
// - Shell blocks run as written with `bash -e -o pipefail`: they read
//   WEBMON_API_URL (the test server's), with the documented mock URL
//   http://localhost:4010/v1 as its default.
// - Each example gets a token of its own, so a fresh (seeded) mock account.
// - The mock enforces the real rate limits, as the one the guides tell readers
//   to start does: an example that bursts past 5 requests a second fails here
//   as it would for them.
// - No example depends on the machine's speed. TypeScript examples run on
//   virtual time (guide-examples/virtual-time.mjs): their waits cost nothing
//   and a timer never overtakes a request. The mock's clock is a ManualClock:
//   it stands on a whole minute before each example and moves only to the
//   virtual time a TypeScript example's requests carry, so a curl burst lands
//   in one second and a throttle or a backoff sees exactly the windows it
//   waited for, however slow the machine.
// - Blocks that call the API but are not marked `run` fail the suite.
//
// Needs the mock and the client built:
//   pnpm --filter @webmon/mock-server build && pnpm --filter @webmon/ts-client build
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { ManualClock, startServer, type RunningMock } from '@webmon/mock-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_LANGS, TS_LANGS, callsApi, guideBlocks, type CodeBlock } from './guide-examples/blocks.js';
import { typeCheck } from './type-check';

const here = dirname(fileURLToPath(import.meta.url));
const guidesDir = join(here, '..', 'guides');
const portalRequire = createRequire(join(here, '..', 'package.json'));
// Examples are written to a temporary folder outside the repository, whose
// node_modules links to this package's @webmon/ts-client: nothing lands in the
// source tree (where the portal's tsc would pick it up), and imports resolve
// to the workspace build.
let workDir = '';
const DOCUMENTED_URL = 'http://localhost:4010/v1';
const VIRTUAL_TIME = join(here, 'guide-examples', 'virtual-time.mjs');
/** The mock's clock: a whole minute, so every window starts fresh and ends on a whole second. */
const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0, 0));
const nextMinute = (ms: number) => (Math.floor(ms / 60_000) + 1) * 60_000;

const blocks = guideBlocks(guidesDir);
const runnable = blocks.filter((block) => block.run);
const where = (block: CodeBlock) => `${block.file}:${block.line}${block.title ? ` (${block.title})` : ''}`;
const slug = (block: CodeBlock, index: number) =>
  `${String(index).padStart(2, '0')}-${block.file.replace(/\.mdx?$/, '').replace(/[^a-z0-9]+/gi, '-')}-${(block.title ?? block.lang).replace(/\.\w+$/, '').replace(/[^a-z0-9]+/gi, '-')}`;

/**
 * What the output of an example must show, beyond exiting 0, by `file title`.
 * A runnable example that prints must be listed here, so its output is checked.
 */
const EXPECTED_OUTPUT: Record<string, RegExp[]> = {
  'index.mdx first-call.ts': [/^\d+ uptime checks on this account, first \d+:$/m, /^- .+ \(.+\) is (up|down)$/m],
  'examples.mdx uptime-lifecycle.ts': [
    /^Created uptime check \d+$/m,
    /^Read back: Shop front \(HTTP, every 300 s\), tags shop, eu, status codes 500,502,503$/m,
    /^Found 1 check\(s\) tagged shop or eu: Shop front$/m,
    /^Updated: check_rate 60, timeout 30, tags \[\]$/m,
    /^Deleted; reading it again answers 404$/m,
  ],
  'examples.mdx list-checks.ts': [
    /^Page 1 of \d+ \(\d+ checks in all\)$/m,
    /^- .+ \[up\] [\d.]+ % up$/m,
    /^Web checks not paused: \d+$/m,
  ],
  'examples.mdx history.ts': [
    /^History of .+:$/m,
    /^\d{4}-\d\d-\d\dT[\d:]+Z {2}\S+ +\d+ ms {2}HTTP \d+$/m,
    /^Older page starts before \d+$/m,
    /^[1-9]\d* runs in the last 24 hours$/m,
    /^Latest period: (up|down); latest alert: (up|down)$/m,
  ],
  'examples.mdx validation-error.ts': [
    /^The provided parameters are invalid\.$/m,
    /^ {2}timeout: timeout must be between 5 and 75$/m,
    /^ {2}test_type: test_type must be one of: DNS, HEAD, HTTP, PING, SMTP, SSH, TCP$/m,
  ],
  'examples.mdx heartbeat.ts': [/^Heartbeat check \d+: ping http\S+ at least every 90000 s$/m],
  'examples.mdx maintenance-window.ts': [
    /^Window \d+: Weekly database upgrade, pending, repeats 1w$/m,
    /^[1-9]\d* pending window\(s\)$/m,
  ],
  'api/introduction.mdx create-check.sh': [/^\{"data":\{"new_id":"\d+"\}\}$/m],
  'api/introduction.mdx lifecycle.sh': [
    /^201 \{"data":\{"new_id":"\d+"\}\}$/m,
    /^\{"id":"\d+","name":"Docs","check_rate":300,"timeout":15,"confirmation":2\}$/m,
    /^204\n204\n404$/m,
  ],
  'api/introduction.mdx get-check.ts': [/^\d+: Example home page is (up|down), checked every 1800 s$/m],
  'api/authentication.mdx auth.sh': [/^HTTP\/1\.1 401/m, /Authorization: Bearer <token>/, /^HTTP\/1\.1 200/m],
  'api/authentication.mdx auth.ts': [/^Token accepted: \d+ checks$/m, /^Refused \(401\): No valid API token/m],
  'api/ratelimiting.mdx headers.sh': [
    /^x-ratelimit-limit: 5, 60;w=60, 5;w=1\s*$/m,
    /^x-ratelimit-remaining: 4\s*$/m,
    /^x-ratelimit-reset: 1\s*$/m,
  ],
  'api/ratelimiting.mdx read-headers.ts': [/^limit=5, 60;w=60, 5;w=1 remaining=4 reset=1$/m],
  'api/ratelimiting.mdx burst.sh': [
    /^(200|429)( (200|429)){11} ?$/m,
    /\b429\b/,
    /^x-ratelimit-remaining: 0\s*$/m,
    /"message":"Rate limit exceeded/,
  ],
  'api/ratelimiting.mdx backoff-fetch.ts': [/^12 of 12 succeeded, [1-9]\d* wait\(s\)/m],
  'api/ratelimiting.mdx prefer-429.sh': [
    /^HTTP\/1\.1 429/m,
    /^x-ratelimit-remaining: 0\s*$/m,
    /^preference-applied: code=429\s*$/m,
    /"message":"Rate limit exceeded/,
  ],
  'api/ratelimiting.mdx throttled.ts': [/^8 requests, 0 refused, took \d\.\d s$/m],
  'api/errors.mdx validation.sh': [
    /"message":"The provided parameters are invalid\."/,
    /"timeout":\["timeout must be between 5 and 75"\]/,
    /"website_url":\["website_url is required"\]/,
  ],
  'api/errors.mdx prefer-500.sh': [
    /"message":"The server failed to answer this request \(simulated: Prefer: code=500\)\.","errors":\{\}\} 500$/m,
    /^HTTP\/1\.1 200/m,
    /^preference-applied: delay=1000\s*$/m,
  ],
  'api/errors.mdx not-found.sh': [/^HTTP\/1\.1 404/m, /"errors":\{\}/],
  'api/errors.mdx handle-errors.ts': [
    /^400 The provided parameters are invalid\.$/m,
    /^ {2}check_rate: check_rate must be one of: 0, 30, 60, 300, 900, 1800, 3600, 86400$/m,
    /^404 /m,
  ],
  'api/errors.mdx form-errors.ts': [/^website_url → website_url is required$/m],
  'api/parameters.mdx form-body.sh': [
    /^\{"name":"Shop front","tags":\["web","eu"\],"status_codes":\["500","502","503"\],"regions":\["london","paris"\]\}$/m,
  ],
  'api/parameters.mdx comma-joined.sh': [
    /^tags=web,eu: +\["web","eu"\]$/m,
    /^tags\[\]=web,eu: \["tags\[0\] holds a comma .*send tags\[\]=web&tags\[\]=eu"\]$/m,
  ],
  'api/parameters.mdx empty-array.sh': [/^\{"id":"\d+","tags":\[\]\}$/m],
  'api/parameters.mdx filters.sh': [
    /^\{"metadata":\{"page":1,"per_page":10,"page_count":\d+,"total_count":\d+\},"names":\[/m,
  ],
  'api/parameters.mdx pages.ts': [/^\d+ checks over \d+ pages$/m],
  'api/parameters.mdx cursor.sh': [/^next: http\S+before=\d+/m, /^older: 5 runs$/m],
  'sdks/introduction.mdx quick-start.ts': [/^Created \d+, now 1 checks tagged quick-start$/m],
  'sdks/installation.mdx check-install.ts': [/^@webmon\/ts-client works: API 1\.2\.0, \d+ uptime locations$/m],
  'sdks/installation.mdx types.ts': [],
  'sdks/configuration.mdx configured.ts': [/^GET \/v1\/uptime → 200 \(remaining 4\)$/m],
  'sdks/configuration.mdx per-call.ts': [/^SSL checks: \d+$/m, /^Cancelled: AbortError$/m],
  'sdks/backoff.mdx strategies.ts': [],
  'sdks/backoff.mdx backoff.ts': [/^sent 12, refused 0, retried [1-9]\d* times, waited \d+ ms$/m],
  'sdks/backoff.mdx rate-limit-error.ts': [/^Rate limited; the window resets in [1-9] s$/m],
  'sdks/alpha.mdx arrays.sh': [
    /^comma-joined: \["web","eu"\]$/m,
    /^brackets: +\["web","eu"\]$/m,
    /^Ruby time: +\["start_at is not an RFC 3339 date-time: .*the form expected is 2027-01-03T02:00:00Z"\]$/m,
  ],
  'cli/introduction.mdx cli-walkthrough.sh': [
    /^created \d+$/m,
    /^Shop front\t(up|down)\thttps:\/\/shop\.example\.com\tshop,eu$/m,
    /^updated$/m,
    /^Shop front: every 60 s, timeout 30 s, from [a-z-]+(, [a-z-]+)*$/m,
    /^deleted$/m,
  ],
  'cli/introduction.mdx history.sh': [/^\d{4}-\d\d-\d\dT\S+\t\S+\t\d+ ms\t\d+$/m],
  'cli/introduction.mdx locations.sh': [/^london\t[\d.]+\t[\da-f:]+\t.+$/m],
};
const key = (block: CodeBlock) => `${block.file} ${block.title ?? ''}`;

/**
 * The output a guide shows under an example: the untitled `text` block right
 * after it, or an untitled JSON block at most a short sentence below it ("The
 * answer is `201` with the new id:"), not a later section's sample.
 */
function shownOutput(block: CodeBlock): string | undefined {
  const next = blocks[blocks.indexOf(block) + 1];
  if (!next || next.file !== block.file || next.title) return undefined;
  const linesBetween = next.line - (block.line + block.code.split('\n').length);
  return next.lang === 'text' || (next.lang === 'json' && linesBetween <= 4) ? next.code : undefined;
}
/** Text compared line by line: no carriage returns or trailing blanks. */
const lines = (text: string) =>
  text
    .replaceAll('\r', '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();

function run(command: string, args: string[], env: Record<string, string>, timeoutMs = 120_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, {
      cwd: workDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('guide code blocks', () => {
  it('finds the guides and their runnable examples', () => {
    expect(blocks.length).toBeGreaterThan(0);
    expect(runnable.length).toBeGreaterThanOrEqual(20);
  });

  it('marks `run` on every block that calls the API (createClient, fetch(, curl, the client)', () => {
    const unmarked = blocks.filter((block) => callsApi(block) && !block.run).map(where);
    expect(unmarked, 'blocks that call the API must be runnable (add `run` to the info string)').toEqual([]);
  });

  it('runs only TypeScript and shell blocks, each with a unique title and checked output', () => {
    const bad = runnable.filter((block) => !TS_LANGS.has(block.lang) && !SHELL_LANGS.has(block.lang)).map(where);
    expect(bad, 'only ts/js and bash blocks can be run').toEqual([]);
    const untitled = runnable.filter((block) => !block.title).map(where);
    expect(untitled, 'runnable blocks need a title="..."').toEqual([]);
    const keys = runnable.map(key);
    expect(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      'duplicate titles on one page',
    ).toEqual([]);
    const printing = runnable.filter((block) => /console\.(log|error)|\becho\b|printf|\bcurl\b|jq /.test(block.code));
    expect(
      printing.filter((block) => !EXPECTED_OUTPUT[key(block)]).map(where),
      'add expectations for these examples',
    ).toEqual([]);
    const stale = Object.keys(EXPECTED_OUTPUT).filter((k) => !keys.includes(k));
    expect(stale, 'expectations for examples that no longer exist').toEqual([]);
  });

  it('finds the output the rate-limit guide shows under its burst, to compare it exactly', () => {
    const burst = runnable.find((block) => key(block) === 'api/ratelimiting.mdx burst.sh');
    expect(burst && shownOutput(burst)).toMatch(/^(200 )+429/);
  });

  it('shows the API version read from the bundle on the About page, not typed in', () => {
    const about = readFileSync(join(guidesDir, 'index.mdx'), 'utf8');
    expect(about).toMatch(/^import \w+ from '@webmon\/spec\/openapi\.json';$/m);
    expect(about).not.toContain('1.2.0');
  });
});

describe('React examples', () => {
  // Components need a page to run in: they are type-checked, strict, against
  // the hooks' published types and React's, as in a reader's project.
  it('type-check every tsx block against @webmon/react-query (strict, react-jsx)', () => {
    const components = blocks.filter((block) => block.lang === 'tsx');
    expect(components.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'guide-tsx-'));
    try {
      writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
      const hooks = realpathSync(join(here, '..', 'node_modules', '@webmon', 'react-query'));
      const linked: [string, string][] = [
        ['@webmon/react-query', hooks],
        // The hooks' peers, as the reader installs them beside the hooks.
        [
          '@tanstack/react-query',
          dirname(createRequire(join(hooks, 'package.json')).resolve('@tanstack/react-query/package.json')),
        ],
        ['react', dirname(portalRequire.resolve('react/package.json'))],
        ['@types/react', dirname(portalRequire.resolve('@types/react/package.json'))],
      ];
      for (const [name, target] of linked) {
        mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
        symlinkSync(realpathSync(target), join(dir, 'node_modules', name), 'dir');
      }
      const files = components.map((block, index) => {
        const path = join(dir, `${index}-${(block.title ?? 'component').replace(/\W+/g, '-')}.tsx`);
        writeFileSync(path, block.code);
        return path;
      });
      const problems = typeCheck(files, { jsx: true }).map(({ file, line, message }) => {
        const block = file === undefined ? undefined : components[files.indexOf(file)];
        return `${block ? `${block.file}:${block.line + 1 + line} (${block.title})` : (file ?? 'global')}: ${message}`;
      });
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('runnable examples against the mock server', () => {
  let mock: RunningMock;
  const tsBlocks = runnable.filter((block) => TS_LANGS.has(block.lang));
  const sources = new Map<CodeBlock, string>();

  beforeAll(async () => {
    for (const built of ['@webmon/ts-client', '@webmon/mock-server/node']) {
      try {
        portalRequire.resolve(built); // throws when dist/ is missing
      } catch {
        throw new Error(`${built} is not built: run pnpm --filter ${built.replace('/node', '')} build`);
      }
    }
    workDir = mkdtempSync(join(tmpdir(), 'guide-examples-'));
    writeFileSync(join(workDir, 'package.json'), '{ "type": "module", "private": true }\n');
    mkdirSync(join(workDir, 'node_modules', '@webmon'), { recursive: true });
    symlinkSync(
      realpathSync(join(here, '..', 'node_modules', '@webmon', 'ts-client')),
      join(workDir, 'node_modules', '@webmon', 'ts-client'),
      'dir',
    );
    for (const [index, block] of runnable.entries()) sources.set(block, slug(block, index));
    mock = await startServer({ port: 0, rateLimit: true, clock });
    // Before the mock reads its clock: a request's virtual time moves it on (never back).
    mock.server.prependListener('request', (request) => {
      const at = Number(request.headers['x-virtual-time']);
      if (at > clock.now()) clock.set(at);
    });
  });

  afterAll(async () => {
    await mock?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('type-checks every TypeScript example against @webmon/ts-client (strict)', () => {
    const files = tsBlocks.map((block) => {
      const path = join(workDir, `${sources.get(block)}.mts`);
      writeFileSync(path, block.code);
      return path;
    });
    const diagnostics = typeCheck(files).map(({ file, line, message }) => {
      const block = file === undefined ? undefined : tsBlocks[files.indexOf(file)];
      const at = block ? `${block.file}:${block.line + 1 + line} (${block.title})` : (file ?? 'global');
      return `${at}: ${message}`;
    });
    expect(diagnostics).toEqual([]);
  });

  for (const block of runnable) {
    it(where(block), async () => {
      clock.set(nextMinute(clock.now()));
      const env = {
        WEBMON_API_URL: mock.url,
        WEBMON_API_TOKEN: `guide-${sources.get(block)}`,
        VIRTUAL_TIME_START: String(clock.now()),
      };
      let result: Awaited<ReturnType<typeof run>>;
      if (TS_LANGS.has(block.lang)) {
        const js = ts.transpileModule(block.code, {
          compilerOptions: {
            target: ts.ScriptTarget.ES2022,
            module: ts.ModuleKind.ESNext,
            verbatimModuleSyntax: false,
          },
        }).outputText;
        const path = join(workDir, `${sources.get(block)}.mjs`);
        writeFileSync(path, js);
        result = await run(process.execPath, ['--import', pathToFileURL(VIRTUAL_TIME).href, path], env);
      } else {
        // Run as written, with WEBMON_API_URL set: a reader's mock on another
        // port (MOCK_PORT) or the production API needs no edit of the sample.
        const fallback = `\${WEBMON_API_URL:-${DOCUMENTED_URL}}`;
        expect(block.code, `shell examples read the API's URL as ${fallback}`).toContain(fallback);
        expect(block.code.replaceAll(fallback, ''), 'and type it nowhere else').not.toContain(DOCUMENTED_URL);
        const path = join(workDir, `${sources.get(block)}.sh`);
        writeFileSync(path, block.code);
        result = await run('bash', ['-e', '-o', 'pipefail', path], env);
      }
      const output = result.stdout.replaceAll(mock.url, DOCUMENTED_URL);
      if (process.env.GUIDE_EXAMPLES_VERBOSE) console.log(`--- ${where(block)}\n${output}${result.stderr}`);
      expect(result.code, `exit code; stderr:\n${result.stderr}\nstdout:\n${result.stdout}`).toBe(0);
      expect(output, 'no undefined, NaN or [object Object] in the output').not.toMatch(
        /\bundefined\b|\bNaN\b|\[object Object\]/,
      );
      for (const pattern of EXPECTED_OUTPUT[key(block)] ?? []) expect(output).toMatch(pattern);
      // The output the guide shows under an example (an untitled text or JSON
      // block) is what it prints: each example has a fresh account, so ids are
      // exact, and the clock is the mock's manual one.
      const shown = shownOutput(block);
      if (shown !== undefined) expect(lines(output), 'the output the guide shows').toBe(lines(shown));
    });
  }
});
