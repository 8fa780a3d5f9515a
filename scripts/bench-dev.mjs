#!/usr/bin/env node
// @ts-check
// `pnpm bench:dev`: the live loop's speed. Starts scripts/dev.mjs on a scratch
// copy of the spec's sources (free ports), opens the uptime create page in
// Chromium and leaves it open, then edits a summary, a bound and a house-rule
// mistake five times each (each edit, then its undo) and prints the medians of
// save-to-lint (the loop's own measure), save-to-mock (the mock answers by the
// new rule, polled over HTTP; for a summary, which the mock does not answer
// with, the loop's own reload time) and save-to-page (the open page shows the edit),
// and the time from start to the first page. Each undo is followed until the
// page shows it, and then until the loop and the page are idle (quiet): no
// save is measured while the one before still compiles, renders, or runs the
// work that follows a second after it (the sandbox's copy of the mock, the
// client's types), as an owner's next save comes seconds after the last.
// Targets on a quiet 2-core machine: lint <= 1 s, mock <= 1 s, page <= 2 s.
// BENCH_DEV_LOG=<file> keeps the loop's output there, each line stamped with
// the bench's clock and each save marked (for profiling); BENCH_DEV_ROUNDS
// sets the rounds (5).
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { chromium } = createRequire(join(root, 'packages/portal/package.json'))('playwright-core');
const scratch = mkdtempSync(join(tmpdir(), 'bench-dev-'));
for (const entry of ['openapi', 'redocly.yaml', '.redocly.lint-ignore.yaml'])
  cpSync(join(root, 'packages/spec', entry), join(scratch, entry), { recursive: true });
const file = (/** @type {string} */ path) => join(scratch, 'openapi', path);
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(address.port));
    });
  });
const [portalPort, mockPort] = [await freePort(), await freePort()];

const loadAtStart = loadavg();
const started = performance.now();
const dev = spawn(process.execPath, ['scripts/dev.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORTAL_PORT: String(portalPort),
    MOCK_PORT: String(mockPort),
    DEV_SPEC_SOURCES: join(scratch, 'openapi'),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// However the bench ends (a wait that times out throws), the loop it started stops too.
process.on('exit', () => dev.kill('SIGINT'));
let output = '';
const logFile = process.env.BENCH_DEV_LOG;
if (logFile) writeFileSync(logFile, '');
/** Appends `text` to BENCH_DEV_LOG, each line stamped with the ms since the bench started. @param {string} text */
const logLines = (text) => {
  if (!logFile) return;
  const stamp = String(Math.round(performance.now() - started)).padStart(7);
  appendFileSync(logFile, `${text.replace(/\n$/, '').replace(/^/gm, `${stamp} `)}\n`);
};
dev.stdout.on('data', (chunk) => {
  output += chunk;
  logLines(String(chunk));
});
/** Polls `condition` every 20 ms; the time it first held. @param {() => Promise<boolean> | boolean} condition */
async function until(condition, limit = 300_000) {
  const from = performance.now();
  while (!(await condition())) {
    if (performance.now() - from > limit) throw new Error(`timed out:\n${output.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now();
}
await until(() => /Ready in \d+ ms/.test(output), 900_000);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage();
// The log shows how each change reached the page: hot update or full reload.
page.on('console', (/** @type {{ text(): string }} */ message) => {
  if (/^\[(HMR|webpack-dev-server)\]/.test(message.text())) logLines(`=== page console: ${message.text()}`);
});
page.on('load', () => logLines('=== page loaded'));
await page.goto(`http://localhost:${portalPort}/api/create-uptime-test`, { timeout: 600_000 });
await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 600_000 });
const firstPage = performance.now() - started;

/** The timeout field's bounds as the open page renders them (other fields have a maximum of 60 too). */
const timeoutBounds = async () =>
  (await page
    .locator('.openapi-schema__list-item', { has: page.locator('.openapi-schema__property', { hasText: /^timeout$/ }) })
    .first()
    .textContent()) ?? '';
/** @returns {Promise<string>} */
const pageText = async () => (await page.locator('body').textContent()) ?? '';
// A token per request: the mock limits each account to 5 requests a second,
// and a 429 while polling every 20 ms would add up to a second to save-to-mock.
let requests = 0;
const mockTimeout = async (/** @type {number} */ value) =>
  (
    await fetch(`http://127.0.0.1:${mockPort}/v1/uptime`, {
      method: 'POST',
      headers: {
        authorization: `Bearer bench-${++requests}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `name=B&test_type=HTTP&website_url=https://example.com&check_rate=300&timeout=${value}`,
    })
  ).status;

/** @type {Record<'summary' | 'bound' | 'house rule', { lint: number[], mock: number[], page: number[] }>} */
const results = {
  summary: { lint: [], mock: [], page: [] },
  bound: { lint: [], mock: [], page: [] },
  'house rule': { lint: [], mock: [], page: [] },
};
/** @param {string} path @param {string} find @param {string} replace */
function save(path, find, replace) {
  const text = readFileSync(file(path), 'utf8');
  if (!text.includes(find)) throw new Error(`${find} not in ${path}`);
  const from = output.length;
  logLines(`=== save ${path}: ${find.trim()} -> ${replace.trim()}`);
  writeFileSync(file(path), text.replace(find, replace));
  return { at: performance.now(), from };
}
/** The loop's own save-to-lint for the check that started after `from`. @param {number} from */
const lintMs = async (from) => {
  await until(() => /lint: .*\((\d+) ms after the save\)/.test(output.slice(from)));
  return Number(output.slice(from).match(/lint: .*\((\d+) ms after the save\)/)?.[1]);
};
const settle = (/** @type {number} */ from) =>
  until(() => /pages: |last good bundle|did not change/.test(output.slice(from)));
/**
 * Until the loop and the open page are idle after the save logged from
 * `from`: with `followUp`, the work that follows a changed bundle once the
 * loop has been idle for a second has ended (its last step prints the
 * client's types); then the loop has printed nothing for a second (the
 * dev server's compile of that work), and the page's main thread has had an
 * idle moment (its hot update rendered).
 * @param {number} from @param {{ followUp: boolean }} options
 */
async function quiet(from, { followUp }) {
  if (followUp) await until(() => /client: types regenerated/.test(output.slice(from)));
  let length = output.length;
  let since = performance.now();
  await until(() => {
    if (output.length !== length) [length, since] = [output.length, performance.now()];
    return performance.now() - since >= 1000;
  });
  // Runs in the page: its window has requestIdleCallback (this file is type-checked for Node).
  /** @typedef {{ requestIdleCallback(callback: () => void, options: { timeout: number }): void }} PageWindow */
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        /** @type {PageWindow} */ (/** @type {unknown} */ (globalThis)).requestIdleCallback(() => resolve(undefined), {
          timeout: 10_000,
        }),
      ),
  );
}

const summary = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
// An owner reads the page before a first edit; by then the loop has run a save's
// work once (scripts/dev.mjs, warmUp), which it says. A save made earlier waits for it.
await until(() => /warmed up for the first save/.test(output));
await quiet(0, { followUp: false });
for (let round = 0; round < Number(process.env.BENCH_DEV_ROUNDS ?? 5); round++) {
  {
    const edited = `${summary} (edit ${round})`;
    const { at, from } = save('paths/uptime.yaml', `summary: ${summary}`, `summary: ${edited}`);
    results.summary.lint.push(await lintMs(from));
    await until(() => /mock: routes and validators reloaded (\d+) ms/.test(output.slice(from)));
    results.summary.mock.push(Number(output.slice(from).match(/mock: routes and validators reloaded (\d+) ms/)?.[1]));
    results.summary.page.push((await until(async () => (await pageText()).includes(edited))) - at);
    logLines('=== the page shows the summary');
    const undo = save('paths/uptime.yaml', `summary: ${edited}`, `summary: ${summary}`);
    await settle(undo.from);
    await until(async () => (await page.getByRole('heading', { level: 1 }).textContent()) === summary);
    await quiet(undo.from, { followUp: true });
  }
  {
    const { at, from } = save('components/schemas/UptimeTestUpdate.yaml', '    maximum: 75', '    maximum: 60');
    results.bound.lint.push(await lintMs(from));
    results.bound.mock.push((await until(async () => (await mockTimeout(70)) === 400)) - at);
    results.bound.page.push((await until(async () => (await timeoutBounds()).includes('<= 60'))) - at);
    logLines('=== the page shows the bound');
    const undo = save('components/schemas/UptimeTestUpdate.yaml', '    maximum: 60', '    maximum: 75');
    await settle(undo.from);
    await until(async () => (await timeoutBounds()).includes('<= 75'));
    await until(async () => (await mockTimeout(70)) === 201);
    await quiet(undo.from, { followUp: true });
  }
  {
    // A house-rule mistake: the shared page size no longer an integer (limit-contract).
    const { at, from } = save('components/parameters/limit.yaml', 'type: integer', 'type: number');
    results['house rule'].lint.push(await lintMs(from));
    results['house rule'].page.push(
      (await until(async () =>
        ((await page.locator('#webmon-dev-status').textContent()) ?? '').includes('limit-contract'),
      )) - at,
    );
    const undo = save('components/parameters/limit.yaml', 'type: number', 'type: integer');
    await until(() => /lint: 0 errors/.test(output.slice(undo.from)));
    await until(
      async () => !((await page.locator('#webmon-dev-status').textContent()) ?? '').includes('limit-contract'),
    );
    // The fix leaves the bundle as it was: no work follows.
    await quiet(undo.from, { followUp: false });
  }
}
await browser.close();
dev.kill('SIGINT');
await new Promise((resolve) => dev.once('exit', resolve));
rmSync(scratch, { recursive: true, force: true });

const median = (/** @type {number[]} */ values) =>
  values.length ? `${Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0)} ms` : '-';
console.log(`\npnpm dev to first page (Chromium, heading shown): ${Math.round(firstPage)} ms`);
const loads = (/** @type {number[]} */ load) => load.map((value) => value.toFixed(1)).join(', ');
console.log(`load average (1, 5, 15 min) at the start ${loads(loadAtStart)}, at the end ${loads(loadavg())}`);
const rounds = results.summary.page.length;
console.log(`edit (${rounds} each)`.padEnd(15), 'save-to-lint  save-to-mock  save-to-page');
for (const [name, times] of Object.entries(results))
  console.log(
    `${name.padEnd(15)} ${median(times.lint).padStart(12)}  ${median(times.mock).padStart(12)}  ${median(times.page).padStart(12)}`,
  );
// The save a newcomer makes first (the medians leave it out when it is the slowest).
const first = results.summary;
console.log(
  `the first save (round 1's summary edit): lint ${first.lint[0]} ms, mock ${first.mock[0]} ms, page ${Math.round(first.page[0] ?? 0)} ms`,
);
