#!/usr/bin/env node
// @ts-check
/**
 * Portal bench: build times, JavaScript weight and Lighthouse scores.
 *
 *  1. cold build: `docusaurus clear` (build/, .docusaurus/, Rspack persistent
 *     cache) then `docusaurus build`;
 *  2. warm build: `docusaurus build` again (persistent cache in place);
 *  3. serves build/ with scripts/serve.mjs (gzip on, like any CDN) and loads
 *     `/`, a guide and an API operation page in Debian's Chromium: JS = sum
 *     of the encoded (gzipped, as transferred) bodies of every JS response the
 *     page loaded (on the API page, once the try-it panel is drawn; what the
 *     sandbox adds on the form's first use, the in-browser mock, is printed
 *     apart: a reader who only reads never loads it);
 *  4. Lighthouse 12 (CLI, mobile defaults: simulated slow 4G + CPU x4) on each
 *     page, performance and accessibility: the median of --runs runs (default
 *     3; scores vary by several points between runs on a 2-core machine);
 *  5. the anchor, side by side: the same bundle rendered by Redoc 3 (what the
 *     provider's own portal uses: `redocly build-docs`, its standalone script
 *     from the npm registry's `redoc` package instead of Redocly's CDN),
 *     served the same way, measured by Lighthouse in turns with the API page;
 *     printed: each one's main-thread work and the ratio (target: the API
 *     page at most half of Redoc's).
 *
 * Targets: JS <= 200 kB on `/` and guides, performance >= 95, accessibility
 * 100 (issue 16); the API page (issue 13): JS <= 500 kB, performance >= 95,
 * accessibility 100.
 * Usage: node bench/bench.mjs [--no-build] [--runs N] [--page home|guide|api]...
 *   --runs 0 measures the JS weight only (exact, quick), no Lighthouse.
 *   --page limits the measured pages (repeatable), e.g. while working on one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from '../scripts/serve.mjs';

const portal = fileURLToPath(new URL('..', import.meta.url));
/** @param {string} name */
const bin = (name) => join(portal, 'node_modules', '.bin', name);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** @type {Record<string, string>} page name to path */
const ALL_PAGES = { home: '/', guide: '/guides/api/ratelimiting', api: '/api/create-uptime-test' };
/** Redoc's version: the renderer of the provider's portal, and the one `redocly build-docs` writes pages for. */
const REDOC_VERSION = '3.0.1';
const chosen = process.argv.flatMap((arg, i) => (arg === '--page' ? [process.argv[i + 1]] : []));
for (const name of chosen)
  if (!(name in ALL_PAGES)) throw new Error(`--page ${name}: expected one of ${Object.keys(ALL_PAGES).join(', ')}`);
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
if (!Number.isInteger(RUNS) || RUNS < 0) throw new Error('--runs: expected a whole number >= 0 (0: JS weight only)');
const PAGES = chosen.length ? Object.fromEntries(chosen.map((name) => [name, ALL_PAGES[name]])) : ALL_PAGES;
/** @type {Record<string, { jsKb: number, performance: number, accessibility: number }>} page name to its targets */
const TARGETS = {
  // Issue 16's targets.
  home: { jsKb: 200, performance: 95, accessibility: 100 },
  guide: { jsKb: 200, performance: 95, accessibility: 100 },
  api: { jsKb: 500, performance: 95, accessibility: 100 },
};

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {number} seconds
 */
function run(cmd, args, env = {}) {
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: portal, encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * Async: the static server lives in this process and must keep answering.
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<void>}
 */
function runAsync(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: portal, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${code}):\n${output}`));
    });
  });
}

/**
 * @typedef {{ performance: number, accessibility: number, lcpMs: number, tbtMs: number, mainThreadMs: number }} LighthouseRun
 * @typedef {{ categories: Record<'performance' | 'accessibility', { score: number }>, audits: Record<string, { numericValue: number }> }} LighthouseReport
 *   the part of Lighthouse's JSON report read here
 * @type {{
 *   coldBuildS?: number,
 *   warmBuildS?: number,
 *   js?: Record<string, { files: number, kB: number, onFirstUseKb?: number }>,
 *   lighthouse?: Record<string, LighthouseRun & { runs: string }>,
 * }}
 */
const results = {};
if (!process.argv.includes('--no-build')) {
  const docusaurus = join(portal, 'scripts', 'docusaurus.mjs');
  run(process.execPath, [docusaurus, 'clear']);
  results.coldBuildS = run(process.execPath, [docusaurus, 'build']);
  results.warmBuildS = run(process.execPath, [docusaurus, 'build']);
}

/**
 * Redoc 3's page for the bundle, in `<outDir>/redoc/`: `redocly build-docs`
 * (the spec package's Redocly CLI) writes the page, which loads Redoc's
 * standalone script from Redocly's CDN; that script is taken from the npm
 * registry's `redoc` package instead (`npm pack`, cached), and served beside it.
 * @param {string} outDir
 */
function redocSite(outDir) {
  const dir = join(outDir, 'redoc');
  mkdirSync(dir, { recursive: true });
  const script = join(dir, 'redoc.standalone.js');
  if (!existsSync(script)) {
    const packed = spawnSync('npm', ['pack', `redoc@${REDOC_VERSION}`, '--pack-destination', dir], {
      encoding: 'utf8',
    });
    if (packed.status !== 0) throw new Error(`npm pack redoc@${REDOC_VERSION}: ${packed.stderr}`);
    const tarball = join(dir, packed.stdout.trim().split('\n').pop() ?? '');
    const untar = spawnSync('tar', [
      '-xzf',
      tarball,
      '-C',
      dir,
      '--strip-components=2',
      'package/bundles/redoc.standalone.js',
    ]);
    if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
  }
  const spec = join(portal, '..', 'spec');
  run(
    join(spec, 'node_modules', '.bin', 'redocly'),
    ['build-docs', join(spec, 'dist', 'openapi.json'), '-o', join(dir, 'index.html')],
    {
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    },
  );
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const cdn = /https:\/\/cdn\.redocly\.com\/redoc\/[^"']*\/redoc\.standalone\.js/g;
  if (!cdn.test(html)) throw new Error('redocly build-docs no longer loads Redoc from its CDN: update the bench');
  // The preload's integrity hash is the CDN copy's: the registry's copy is preloaded without one.
  const local = html.replace(cdn, '/redoc.standalone.js').replace(/ integrity="[^"]*"/g, '');
  writeFileSync(join(dir, 'index.html'), local);
  return dir;
}

const server = await serveStatic({ dir: join(portal, 'build'), port: 0 });
/** @type {Awaited<ReturnType<typeof serveStatic>> | undefined} */
let redoc;
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  /** @type {NonNullable<typeof results.js>} */
  const js = {};
  results.js = js;
  for (const [name, path] of Object.entries(PAGES)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    /** @type {import('playwright-core').Response[]} */
    const responses = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' || /\.js(\?|$)/.test(res.url())) responses.push(res);
    });
    /** @param {import('playwright-core').Response[]} list */
    const kB = async (list) => {
      let bytes = 0;
      for (const res of list) bytes += (await res.request().sizes()).responseBodySize;
      return +(bytes / 1024).toFixed(1);
    };
    // Playwright's 'networkidle' is reached once per load: on a busy machine
    // it can come before the entry scripts (run after the first paint,
    // ssrTemplate.ts) add the page's chunks. So: hydrated, then no request in
    // flight for 500 ms (as Playwright's own networkidle).
    let inFlight = 0;
    let lastChange = Date.now();
    /** @param {number} change */
    const count = (change) => {
      inFlight += change;
      lastChange = Date.now();
    };
    page.on('request', () => count(1));
    page.on('requestfinished', () => count(-1));
    page.on('requestfailed', () => count(-1));
    const quiet = async () => {
      while (inFlight > 0 || Date.now() - lastChange < 500) await new Promise((r) => setTimeout(r, 100));
    };
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-has-hydrated="true"]', { timeout: 60_000 });
    await quiet();
    const isApi = path.startsWith('/api/');
    // API pages: the try-it panel (a lazy chunk, drawn when near the viewport: at once here) counts.
    if (isApi) {
      await page.waitForSelector('section.wm-tryit form', { timeout: 60_000 });
      await quiet();
    }
    const read = [...responses];
    js[name] = { files: read.length, kB: await kB(read) };
    if (isApi) {
      // The first Send starts the sandbox (the mock in the page, a lazy chunk).
      await page.click('section.wm-tryit form button[type="submit"]');
      await page.waitForSelector('html[data-try-it-sandbox="ready"]', { timeout: 60_000 });
      await quiet();
      js[name].onFirstUseKb = await kB(responses.slice(read.length));
    }
    await context.close();
  }
  await browser.close();

  /** @type {NonNullable<typeof results.lighthouse>} */
  const lighthouse = {};
  results.lighthouse = lighthouse;
  const outDir = join(portal, 'bench', '.results');
  mkdirSync(outDir, { recursive: true });
  /** @type {Record<string, string>} page name to its URL */
  const measured = Object.fromEntries(
    Object.entries(RUNS > 0 ? PAGES : {}).map(([name, path]) => [name, server.url + path]),
  );
  if (RUNS > 0 && 'api' in PAGES) {
    redoc = await serveStatic({ dir: redocSite(outDir), port: 0 });
    measured.redoc = `${redoc.url}/`;
  }
  /** @type {Record<string, LighthouseRun[]>} */
  const runs = {};
  // In turns (every page once, then again): a page and its anchor see the same moments of a noisy machine.
  for (let run = 1; run <= RUNS; run++) {
    for (const [name, url] of Object.entries(measured)) {
      const out = join(outDir, `lighthouse-${name}-${run}.json`);
      await runAsync(
        bin('lighthouse'),
        [
          url,
          '--quiet',
          '--output=json',
          `--output-path=${out}`,
          '--only-categories=performance,accessibility',
          `--chrome-flags=${FLAGS.join(' ')}`,
        ],
        { CHROME_PATH: CHROMIUM },
      );
      /** @type {LighthouseReport} */
      const report = JSON.parse(readFileSync(out, 'utf8'));
      (runs[name] ??= []).push({
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(report.audits['total-blocking-time'].numericValue),
        mainThreadMs: Math.round(report.audits['mainthread-work-breakdown'].numericValue),
      });
    }
  }
  for (const [name, list] of Object.entries(runs)) {
    // The median run by performance score (Lighthouse's own advice for
    // variance); every run's scores are printed too.
    const median = [...list].sort((a, b) => a.performance - b.performance)[Math.floor(list.length / 2)];
    lighthouse[name] = { ...median, runs: list.map((r) => `${r.performance}/${r.tbtMs}ms`).join(' ') };
  }
} finally {
  await server.close();
  await redoc?.close();
}

console.log('\nPortal bench (2 cores; Lighthouse mobile, simulated throttling)');
if (results.coldBuildS && results.warmBuildS) {
  console.log(`  build: cold ${results.coldBuildS.toFixed(1)} s, warm ${results.warmBuildS.toFixed(1)} s`);
}
let ok = true;
for (const name of Object.keys(PAGES)) {
  const js = results.js?.[name];
  const lh = results.lighthouse?.[name];
  if (!js || (RUNS > 0 && !lh)) throw new Error(`${name}: not measured`);
  const target = TARGETS[name];
  const pass =
    js.kB <= target.jsKb && (!lh || (lh.performance >= target.performance && lh.accessibility >= target.accessibility));
  ok &&= pass;
  console.log(
    `  ${name.padEnd(5)} ${PAGES[name].padEnd(26)} JS ${String(js.kB).padStart(6)} kB gz (${js.files} files)  ` +
      (lh ? `perf ${lh.performance}  a11y ${lh.accessibility}  LCP ${lh.lcpMs} ms  TBT ${lh.tbtMs} ms  ` : '') +
      (pass ? 'ok' : 'MISSES TARGET') +
      (RUNS > 1 && lh ? `  (runs, perf/TBT: ${lh.runs})` : '') +
      (js.onFirstUseKb === undefined
        ? ''
        : `\n        + ${js.onFirstUseKb} kB gz on the try-it's first use (the sandbox)`),
  );
}
const api = results.lighthouse?.api;
const anchor = results.lighthouse?.redoc;
if (api && anchor) {
  const ratio = api.mainThreadMs / anchor.mainThreadMs;
  ok &&= ratio <= 0.5;
  console.log(
    `  redoc ${`Redoc ${REDOC_VERSION}, the same bundle`.padEnd(26)} perf ${anchor.performance}  LCP ${anchor.lcpMs} ms  TBT ${anchor.tbtMs} ms` +
      `\n  main-thread work: API page ${api.mainThreadMs} ms, Redoc ${anchor.mainThreadMs} ms: ratio ${ratio.toFixed(2)} (target <= 0.50) ${ratio <= 0.5 ? 'ok' : 'MISSES TARGET'}`,
  );
}
for (const [name, target] of Object.entries(TARGETS).filter(([name]) => name in PAGES)) {
  console.log(
    `  targets (${name}): JS <= ${target.jsKb} kB, performance >= ${target.performance}, accessibility >= ${target.accessibility}`,
  );
}
console.log(JSON.stringify(results));
process.exitCode = ok ? 0 : 1;
