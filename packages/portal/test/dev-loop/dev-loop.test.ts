// `pnpm dev` end to end (the root's scripts/dev.mjs, as `pnpm dev` runs it
// after setup), on a scratch copy of the spec's sources, with free ports from
// the environment: an edit reaches the mock's validation and the rendered
// reference page left open in Chromium; a house-rule mistake and YAML that does
// not parse are reported with file and line, on the console and in the page's
// bar, while both servers keep answering; Ctrl+C leaves no process behind.
// On scratch sources the loop serves from a scratch workspace
// (scripts/dev-workspace.mjs), so this file runs beside the others: the last
// test checks that the worktree's build outputs were not touched.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyField, json, requestForm, send, showAllParameters } from '../api-helpers';
import { CHROMIUM_FLAGS, chromiumPath } from '../helpers';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const specDir = join(repo, 'packages/spec');
const scratch = mkdtempSync(join(tmpdir(), 'dev-loop-'));
const sources = join(scratch, 'openapi');
const uptimeFile = join(sources, 'components/schemas/UptimeTestUpdate.yaml');
const limitFile = join(sources, 'components/parameters/limit.yaml');
const pathsFile = join(sources, 'paths/uptime.yaml');
// A copy of the house rules (scripts/dev.mjs's DEV_LINT_RULESET), which one test edits.
const lintRules = join(repo, 'packages/lint-rules');
const rulesetFile = join(scratch, 'lint-rules/ruleset.yaml');
// A slow, busy 2-core machine, other test files running beside: the first
// start compiles the whole site (minutes there), a save is followed in seconds
// on a quiet machine and gets two minutes here.
const START_MS = 600_000;
const FOLLOW_MS = 120_000;
const TEST_MS = 4 * FOLLOW_MS;

/** The build outputs the loop would write on the worktree's own sources: the bundle, the mock's generated modules, the reference pages, the client's types. */
const OUTPUTS = [
  'packages/spec/dist',
  'packages/mock-server/dist/generated',
  'packages/portal/api-docs',
  'packages/portal/generated',
  'packages/ts-client/src/generated',
];
/** The client's types as the loop regenerates them from the scratch sources (scripts/dev.mjs). */
const scratchClientTypes = () => join(scratch, 'dev-workspace/packages/ts-client/src/generated/api.ts');
/** A reference file as the loop writes it into the scratch workspace (src/plugins/apiPageData.ts). */
const scratchReference = (file: string) =>
  readFileSync(join(scratch, 'dev-workspace/packages/portal/api-docs', file), 'utf8');
/** The sandbox's copy of the mock's validators, as the loop writes it into the scratch workspace. */
const scratchValidators = () => join(scratch, 'dev-workspace/packages/mock-server/dist/generated/validators.js');
/** Every file's path, size, modification time and content under OUTPUTS, hashed. */
function outputsFingerprint(): string {
  const hash = createHash('sha256');
  for (const dir of OUTPUTS)
    for (const file of (readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' }) as string[]).sort()) {
      const path = join(repo, dir, file);
      const stat = statSync(path);
      if (!stat.isFile()) continue;
      hash.update(`${dir}/${file} ${stat.size} ${stat.mtimeMs}\n`).update(readFileSync(path));
    }
  return hash.digest('hex');
}
let outputsBefore = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let dev: ChildProcess;
let output = '';
let portalPort = 0;
let mockPort = 0;
let browser: Browser;
let page: Page;
/** What the open page logged as errors (React's development warnings among them). */
const consoleErrors: string[] = [];

/** Resolves once the loop's output after `from` matches `pattern`; rejects if the loop exits or time runs out. */
function waitForOutput(pattern: RegExp, from: number, timeout = FOLLOW_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = output.slice(from).match(pattern);
      if (!found) return;
      done();
      resolve(found[0]);
    };
    const exited = () => {
      done();
      reject(new Error(`pnpm dev exited while waiting for ${pattern}:\n${output.slice(-3000)}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no ${pattern} within ${timeout} ms:\n${output.slice(from).slice(-3000)}`));
    }, timeout);
    const done = () => {
      clearTimeout(timer);
      dev.stdout!.off('data', check);
      dev.off('exit', exited);
    };
    dev.stdout!.on('data', check);
    dev.once('exit', exited);
    check();
  });
}

/**
 * Replaces `find` in a source file, as an editor's save does; returns the
 * 1-based line edited. `byRename`: saved as vim, `sed -i` and "safe write"
 * editors save, a new file renamed over the old one (Node's recursive
 * watcher lost such a file after its first save).
 */
function edit(file: string, find: string, replace: string, { byRename = false } = {}): number {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(find);
  if (at < 0) throw new Error(`${find} not in ${file}`);
  const edited = text.slice(0, at) + replace + text.slice(at + find.length);
  if (byRename) {
    writeFileSync(`${file}.swp`, edited);
    renameSync(`${file}.swp`, file);
  } else writeFileSync(file, edited);
  return text.slice(0, at).split('\n').length;
}

const createUptime = (timeout: number) =>
  fetch(`http://127.0.0.1:${mockPort}/v1/uptime`, {
    method: 'POST',
    headers: { authorization: 'Bearer dev-loop-test', 'content-type': 'application/x-www-form-urlencoded' },
    body: `name=Home&test_type=HTTP&website_url=https://example.com&check_rate=300&timeout=${timeout}`,
  });
const bothAnswer = async () => {
  const [mock, portal] = await Promise.all([
    fetch(`http://127.0.0.1:${mockPort}/v1/uptime`, { headers: { authorization: 'Bearer dev-loop-test' } }),
    fetch(`http://localhost:${portalPort}/api/`),
  ]);
  return [mock.status, portal.status];
};

beforeAll(async () => {
  for (const entry of ['openapi', 'redocly.yaml', '.redocly.lint-ignore.yaml'])
    cpSync(join(specDir, entry), join(scratch, entry), { recursive: true });
  for (const entry of ['ruleset.yaml', 'functions'])
    cpSync(join(lintRules, entry), join(scratch, 'lint-rules', entry), { recursive: true });
  // Its functions import Spectral's packages from where the real rules find them.
  symlinkSync(realpathSync(join(lintRules, 'node_modules')), join(scratch, 'lint-rules/node_modules'));
  [portalPort, mockPort] = [await freePort(), await freePort()];
  outputsBefore = outputsFingerprint();
  dev = spawn(process.execPath, ['scripts/dev.mjs'], {
    cwd: repo,
    // DEV_SKIP_BUILD: turbo runs this after the builds; a cache hit would rewrite the outputs.
    env: {
      ...process.env,
      PORTAL_PORT: String(portalPort),
      MOCK_PORT: String(mockPort),
      DEV_SPEC_SOURCES: sources,
      DEV_LINT_RULESET: rulesetFile,
      DEV_SKIP_BUILD: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  dev.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  await waitForOutput(/Ready in \d+ ms/, 0, START_MS);
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  page = await browser.newPage();
  page.on('console', (message) => {
    // The sandbox's 400 to the test's own invalid Send is logged by the browser, as any 4xx.
    if (message.type() === 'error' && !message.text().includes('responded with a status of 400'))
      consoleErrors.push(message.text());
  });
  await page.goto(`http://localhost:${portalPort}/api/create-uptime-test`, { timeout: START_MS });
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: START_MS });
}, START_MS * 2);

afterAll(async () => {
  await browser?.close();
  if (dev && dev.exitCode === null) dev.kill('SIGINT');
  rmSync(scratch, { recursive: true, force: true });
});

/** The timeout field's bounds as the open page renders them. */
const timeoutBounds = () =>
  page
    .locator('.openapi-schema__list-item', { has: page.locator('.openapi-schema__property', { hasText: /^timeout$/ }) })
    .first()
    .textContent();

describe('pnpm dev', () => {
  it('says where the moved mock answers, as the pages show it at its usual address', () => {
    // The test's mock listens on a free port, not the API description's local server's.
    expect(output).toContain(`with MOCK_PORT=${mockPort}, use http://localhost:${mockPort}/v1 in what you copy`);
  });

  it(
    "carries an edited bound to the mock, the open reference page, the client's types and the diff",
    async () => {
      const created = await createUptime(70);
      expect(created.status).toBe(201);
      const { new_id: id } = ((await created.json()) as { data: { new_id: string } }).data;
      await expect.poll(timeoutBounds, { timeout: FOLLOW_MS }).toMatch(/<= 75/);
      // The open page's sandbox runs before the save (Send with the example's values).
      expect((await send(page, await requestForm(page))).status).toBe(201);
      // The start's check is over: the bar says so before any save.
      await expect
        .poll(() => page.locator('#webmon-dev-status').getAttribute('data-state'), { timeout: FOLLOW_MS })
        .toBe('ok');
      const pageBefore = scratchReference('create-uptime-test.api.mdx');
      // Marks the rendered page: an update rendered in place keeps the mark,
      // one mounted anew drops it (and what the reader typed in the form).
      await page
        .locator('article')
        .first()
        .evaluate((article) => article.setAttribute('data-before-save', ''));
      await bodyField(await requestForm(page), 'name').fill('typed before the save');
      const from = output.length;
      edit(uptimeFile, '    maximum: 75', '    maximum: 60');
      await waitForOutput(/breaking \| POST \/uptime \| request body\.timeout \| maximum changed from 75 to 60/, from);
      await waitForOutput(
        /mock: routes and validators reloaded \d+ ms after the save \(generated and loaded in \d+ ms\), .*data kept/,
        from,
      );
      const refused = await createUptime(70);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.timeout).toEqual([
        'timeout must be between 5 and 60',
      ]);
      // The same token's data survived the reload: the check created above is still there.
      const kept = await fetch(`http://127.0.0.1:${mockPort}/v1/uptime/${id}`, {
        headers: { authorization: 'Bearer dev-loop-test' },
      });
      expect(((await kept.json()) as { data: { timeout: number } }).data.timeout).toBe(70);
      await waitForOutput(/pages: \d+ reference file\(s\) rewritten.*create-uptime-test/, from);
      // The bound is in the page's data file, not in its MDX: the docs plugin
      // does not reload and the dev server compiles no MDX for the edit.
      expect(scratchReference('create-uptime-test.api.mdx')).toBe(pageBefore);
      expect(scratchReference('create-uptime-test.ApiData.json')).toContain('"maximum":60');
      // Once the loop is idle: the client's types carry the new bound in the
      // field's TSDoc, and the in-browser sandbox's copy of the mock's
      // validators (written just before) refuses 70.
      await waitForOutput(/client: types regenerated/, from);
      expect(readFileSync(scratchClientTypes(), 'utf8')).toMatch(/@maximum 60\n\s*\*\/\n\s*timeout\?: number;/);
      const { create_uptime_test_body: validate } = (await import(scratchValidators())) as {
        create_uptime_test_body: ((body: unknown) => boolean) & {
          errors?: { instancePath: string; params: { limit?: number } }[] | null;
        };
      };
      expect(validate({ timeout: 70 })).toBe(false);
      expect(validate.errors?.find((error) => error.instancePath === '/timeout')?.params.limit).toBe(60);
      await expect.poll(timeoutBounds, { timeout: FOLLOW_MS }).toMatch(/<= 60/);
      // The sandbox already running in the open page follows too, once its
      // copy of the modules reached the page (a hot update).
      let answer = '';
      const sendTimeout70 = async () => {
        const form = await requestForm(page);
        await showAllParameters(form);
        await bodyField(form, 'timeout').fill('70');
        answer = (await send(page, form)).body;
        return answer;
      };
      await expect.poll(sendTimeout70, { timeout: FOLLOW_MS }).toContain('timeout must be between 5 and 60');
      // The bar said the sandbox would follow, and says it has: its note
      // changes with the compile that brought the modules.
      await expect
        .poll(
          () =>
            page
              .locator('#webmon-dev-status')
              .getByText(
                /^sandbox: the try-it's in-page mock has this save's routes and validators \(\d+ ms after the save\)$/,
              )
              .count(),
          { timeout: FOLLOW_MS },
        )
        .toBe(1);
      // Both updates (the page's data, then the sandbox's modules) rendered
      // the page in place: no flicker of the whole app, the form as typed,
      // and what it shows is what it sends (only the timeout was refused).
      expect(await page.locator('article[data-before-save]').count()).toBe(1);
      expect(await bodyField(await requestForm(page), 'name').inputValue()).toBe('typed before the save');
      expect(Object.keys((json(answer) as { errors: object }).errors)).toEqual(['timeout']);
      // Shown, not only in the bar's text: the breaking change is listed open.
      await expect
        .poll(
          () =>
            page
              .locator('#webmon-dev-status')
              .getByText('breaking | POST /uptime | request body.timeout | maximum changed from 75 to 60')
              .isVisible(),
          { timeout: FOLLOW_MS },
        )
        .toBe(true);
      // The features the head line counts are in the bar, behind a click on it.
      const bar = page.locator('#webmon-dev-status');
      // The pages' line without the files it rewrote (the console lists them).
      const pagesLine = await bar.getByText(/^pages: \d+ reference file\(s\) rewritten/).textContent();
      expect(pagesLine).toMatch(/rewritten \d+ ms after the save$/);
      const counted = Number((await bar.locator('summary').textContent())?.match(/(\d+) features/)?.[1]);
      const features = bar.locator('details > div');
      expect(await features.count()).toBe(counted);
      for (const feature of await features.all()) expect(await feature.isVisible()).toBe(false);
      await bar.locator('summary').click();
      for (const feature of await features.all()) expect(await feature.isVisible()).toBe(true);
    },
    TEST_MS,
  );

  it(
    "a save that retitles the open page and changes its data shows the form the new data, not the last hot update's, and what was typed",
    async () => {
      const title = 'Create an uptime check';
      const heading = () => page.getByRole('heading', { level: 1 }).textContent();
      const timeoutMax = async () => bodyField(await requestForm(page), 'timeout').getAttribute('max');
      expect(await timeoutMax()).toBe('60');
      // Put back even when a step fails, so the tests below start from a bound of 60, not from this test's failure.
      const saved = [pathsFile, uptimeFile].map((file) => [file, readFileSync(file, 'utf8')] as const);
      try {
        // One check for both files (the loop waits 30 ms for more): the page's
        // module runs anew, with its data file as the same save left it.
        edit(pathsFile, `summary: ${title}`, `summary: ${title} now`);
        edit(uptimeFile, '    maximum: 60', '    maximum: 75');
        await expect.poll(heading, { timeout: FOLLOW_MS }).toBe(`${title} now`);
        await expect.poll(timeoutBounds, { timeout: FOLLOW_MS }).toMatch(/<= 75/);
        await expect.poll(timeoutMax, { timeout: FOLLOW_MS }).toBe('75');
        // The new title mounted the page anew (the update reached Docusaurus's
        // client entry); the form still shows what was typed before the save,
        // and sends it: only the timeout typed now is refused.
        const form = await requestForm(page);
        expect(await bodyField(form, 'name').inputValue()).toBe('typed before the save');
        await showAllParameters(form);
        await bodyField(form, 'timeout').fill('99');
        const answer = await send(page, form);
        expect(Object.keys((json(answer.body) as { errors: object }).errors)).toEqual(['timeout']);
        // Both back, as the tests below expect them (a bound of 60).
        edit(pathsFile, `summary: ${title} now`, `summary: ${title}`);
        edit(uptimeFile, '    maximum: 75', '    maximum: 60');
        await expect.poll(heading, { timeout: FOLLOW_MS }).toBe(title);
        await expect.poll(timeoutMax, { timeout: FOLLOW_MS }).toBe('60');
      } finally {
        for (const [file, text] of saved) if (readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
      }
    },
    TEST_MS,
  );

  it(
    'reports a house-rule mistake with file and line while both servers keep answering',
    async () => {
      const from = output.length;
      // Saved by renaming, twice (the undo too); the next test saves the same file in place.
      const line = edit(limitFile, 'type: integer', 'type: number', { byRename: true });
      const finding = await waitForOutput(/\S*limit\.yaml:\d+:\d+ {2}error {2}limit-contract {2}.*/, from);
      expect(finding).toMatch(
        new RegExp(
          `limit\\.yaml:${line}:\\d+ {2}error {2}limit-contract {2}limit must declare type: integer \\(found number\\)$`,
        ),
      );
      // One mistake, one finding (the limit is shared by page lists and cursor series).
      expect(output.slice(from)).toMatch(/lint: 1 error, 0 warnings \(\d+ ms after the save\)/);
      expect(await bothAnswer()).toEqual([200, 200]);
      await expect
        .poll(() => page.locator('#webmon-dev-status').textContent(), { timeout: FOLLOW_MS })
        .toContain('limit-contract');
      edit(limitFile, 'type: number', 'type: integer', { byRename: true });
      await waitForOutput(/lint: 0 errors/, from);
      // Fixed: the bar drops the findings and the note that the last good bundle keeps serving.
      const bar = () => page.locator('#webmon-dev-status').textContent();
      await expect.poll(bar, { timeout: FOLLOW_MS }).not.toContain('limit-contract');
      expect(await bar()).not.toContain('last good bundle');
    },
    TEST_MS,
  );

  it(
    'takes a change of the house rules at once, without a restart',
    async () => {
      const from = output.length;
      const rules = readFileSync(rulesetFile, 'utf8');
      // A rule added at the end of `rules`: every list's summary is flagged.
      const probe =
        '  dev-loop-probe:\n    description: A rule added while the loop runs.\n    message: "summary: {{value}}"\n' +
        '    severity: warn\n    given: "$.paths[\'/uptime\'].get.summary"\n    then:\n      function: falsy\n';
      writeFileSync(rulesetFile, `${rules.trimEnd()}\n\n${probe}`);
      await waitForOutput(/lint: the house rules changed/, from);
      const finding = await waitForOutput(/\S*uptime\.yaml:\d+:\d+ {2}warn {2}dev-loop-probe {2}.*/, from);
      const line =
        readFileSync(pathsFile, 'utf8')
          .split('\n')
          .findIndex((text) => text.includes('summary:')) + 1;
      expect(finding).toMatch(new RegExp(`uptime\\.yaml:${line}:\\d+ {2}warn {2}dev-loop-probe {2}summary: `));
      const undone = output.length;
      writeFileSync(rulesetFile, rules);
      await waitForOutput(/lint: 0 errors, 0 warnings/, undone);
    },
    TEST_MS,
  );

  it(
    'reports YAML that does not parse, with file and line, and keeps serving',
    async () => {
      const from = output.length;
      const line = edit(limitFile, 'maximum: 100', 'maximum: [100');
      const finding = await waitForOutput(/\S*limit\.yaml:\d+:\d+ {2}error {2}\S+ {2}.*/, from);
      // At the bracket left open, not where the parser stopped (the next line).
      expect(finding).toMatch(new RegExp(`limit\\.yaml:${line}:\\d+ {2}error {2}\\S+ {2}this \\[ is never closed`));
      expect(await bothAnswer()).toEqual([200, 200]);
      // The mock still validates with the last good bundle.
      expect((await createUptime(70)).status).toBe(400);
      edit(limitFile, 'maximum: [100', 'maximum: 100');
      await waitForOutput(/lint: 0 errors/, from);
    },
    TEST_MS,
  );

  it(
    "never touches the worktree's build outputs, then Ctrl+C leaves no process behind",
    async () => {
      // Through every edit above, the open page logged no error (React's development warnings included).
      expect(consoleErrors).toEqual([]);
      expect(outputsFingerprint()).toBe(outputsBefore);
      const tree = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid='], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((row) => row.trim().split(/\s+/).map(Number) as [number, number, number]);
      const descendants = new Set([dev.pid!]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const [pid, ppid, pgid] of tree)
          if ((descendants.has(ppid) || descendants.has(pgid)) && !descendants.has(pid)) {
            descendants.add(pid);
            grew = true;
          }
      }
      expect(descendants.size).toBeGreaterThan(3);
      const exited = new Promise((resolve) => dev.once('exit', resolve));
      dev.kill('SIGINT');
      await exited;
      const alive = () =>
        [...descendants].filter((pid) => {
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        });
      await expect.poll(alive, { timeout: 30_000 }).toEqual([]);
      await expect(fetch(`http://127.0.0.1:${mockPort}/v1/uptime`)).rejects.toThrow();
    },
    TEST_MS,
  );
});
