// The guides' Go, Python and Ruby samples (standard library only, marked
// `check` in their info string: ```go title="x.go" check) are run against the
// real mock server, as the TypeScript and shell examples are: Go by `go run`
// (which compiles it first), Python and Ruby after a syntax check. `go vet`
// came before `go run` once: on an empty Go cache (every CI machine) it
// type-checked net/http and the rest of its imports from source for vet's
// facts, 12 CPU-s for three samples whose output is checked line by line.
// Each language shows the same calls: a page with a Go sample has the Python
// and Ruby ones of the same name.
//
// Needs go, python3 and ruby (CI installs them from Debian, see .ci/run); a
// missing one fails its samples unless SKIP_<LANG>_SAMPLES=1 says so on purpose.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningMock, startServer } from '@webmon/mock-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeBlock, guideBlocks } from './guide-examples/blocks';

const here = dirname(fileURLToPath(import.meta.url));
const blocks = guideBlocks(join(here, '..', 'guides'));

const LANGUAGES = {
  go: { tool: 'go', skip: 'SKIP_GO_SAMPLES', install: 'golang-go' },
  python: { tool: 'python3', skip: 'SKIP_PYTHON_SAMPLES', install: 'python3' },
  ruby: { tool: 'ruby', skip: 'SKIP_RUBY_SAMPLES', install: 'ruby' },
} as const;
type Language = keyof typeof LANGUAGES;
const isLanguage = (lang: string): lang is Language => lang in LANGUAGES;
const samples = blocks.filter((block) => isLanguage(block.lang));
const where = (block: CodeBlock) => `${block.file}:${block.line} (${block.title ?? block.lang})`;
const stem = (block: CodeBlock) => (block.title ?? '').replace(/\.\w+$/, '');

/** What each sample must print, by title stem; every language prints the same lines. */
const EXPECTED_OUTPUT: Record<string, RegExp[]> = {
  check_install: [/^The API answers: [1-9]\d* uptime locations$/m],
  configured: [/^\d+ uptime checks; \d+ requests left this second$/m],
  uptime_lifecycle: [/^Created \d+: Shop front, tags shop, eu$/m, /^Deleted; reading it again answers 404$/m],
};

function available(tool: string): boolean {
  return spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0 || spawnSync(tool, ['version']).status === 0;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('Go, Python and Ruby samples in the guides', () => {
  it('are all marked `check` with a title, and every language shows the same calls', () => {
    expect(samples.length).toBeGreaterThanOrEqual(9);
    expect(samples.filter((block) => !block.meta.split(/\s+/).includes('check') || !block.title).map(where)).toEqual(
      [],
    );
    const byPage = new Map<string, Map<string, Set<string>>>();
    for (const block of samples) {
      const page = byPage.get(block.file) ?? new Map<string, Set<string>>();
      page.set(stem(block), (page.get(stem(block)) ?? new Set()).add(block.lang));
      byPage.set(block.file, page);
    }
    const incomplete = [...byPage].flatMap(([file, stems]) =>
      [...stems].filter(([, langs]) => langs.size !== 3).map(([name, langs]) => `${file} ${name}: ${[...langs]}`),
    );
    expect(incomplete).toEqual([]);
    expect(samples.filter((block) => !EXPECTED_OUTPUT[stem(block)]).map(where)).toEqual([]);
  });

  let mock: RunningMock | undefined;
  let workDir = '';
  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'guide-languages-'));
    mock = await startServer({ port: 0, rateLimit: true });
  });
  afterAll(async () => {
    await mock?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  for (const [index, block] of samples.entries()) {
    const language = LANGUAGES[block.lang as Language];
    const skip = !available(language.tool) && process.env[language.skip] === '1';
    it.skipIf(skip)(`${where(block)} runs against the mock and prints what the guide says`, async () => {
      expect(
        available(language.tool),
        `no ${language.tool}: apt-get install -y ${language.install} (or ${language.skip}=1 to skip on purpose)`,
      ).toBe(true);
      const dir = mkdtempSync(join(workDir, `${index}-`));
      const file = join(dir, block.title!);
      writeFileSync(file, block.code);
      const env = { WEBMON_API_URL: mock!.url, WEBMON_API_TOKEN: `guide-languages-${index}` };
      if (block.lang !== 'go') {
        const check =
          block.lang === 'python'
            ? await run('python3', ['-m', 'py_compile', file], dir, {})
            : await run('ruby', ['-wc', file], dir, {});
        expect(check.code, check.out).toBe(0);
        if (block.lang === 'ruby') expect(check.out.trim(), 'ruby -w warnings').toBe('Syntax OK');
      }
      const result =
        block.lang === 'go'
          ? await run('go', ['run', file], dir, { ...env, GO111MODULE: 'off' })
          : await run(language.tool, [file], dir, env);
      expect(result.code, result.out).toBe(0);
      for (const line of EXPECTED_OUTPUT[stem(block)]!) expect(result.out).toMatch(line);
    });
  }
});
