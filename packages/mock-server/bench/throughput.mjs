#!/usr/bin/env node
// @ts-check
// Throughput of the mock over HTTP, against two references, on one mixed workload
// (60 % list `GET /v1/uptime`, 30 % get-one, 10 % create with a form body):
//   - a bare node:http server answering a JSON body of the same size as the
//     mock's list answer: what node:http itself costs on this machine (target:
//     the mock reaches at least half of it);
//   - Prism 5.14 (`prism mock` on the bundle), the usual OpenAPI mock (target:
//     the mock is at least 5 times faster). Prism is installed on first use into
//     a temporary directory, not into the workspace lockfile (it is ~90 MB).
//
// Needs a built mock (`pnpm --filter @webmon/mock-server build`).
// Environment: BENCH_DURATION (seconds per target and round, default 10),
// BENCH_ROUNDS (mock and bare alternate, default 3), BENCH_PRISM=0 skips Prism.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
/**
 * The part of autocannon's API used here (the package ships no types).
 * @typedef {{ method: string, path: string, headers?: Record<string, string>, body?: string }} CannonRequest
 * @typedef {{
 *   requests: { average: number, total: number },
 *   latency: { p99: number },
 *   non2xx: number,
 *   errors: number,
 *   timeouts: number,
 *   statusCodeStats?: Record<string, { count: number }>,
 * }} CannonResult
 * @type {(options: {
 *   url: string,
 *   connections: number,
 *   duration: number,
 *   workers: number,
 *   headers: Record<string, string>,
 *   requests: CannonRequest[],
 * }) => Promise<CannonResult>}
 */
const autocannon = require('autocannon');

/**
 * A row of the table: a measured target, or one that was not measured and why.
 * @typedef {{ name: string, rps: number, p99: number, non2xx: number, errors: number, statuses: string, loopUs: number }} Row
 * @typedef {{ name: string, skipped: string }} Skipped
 */

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
// JIT and caches settle before the measured run, so the first target is not penalised.
const WARMUP_S = 2;
const PRISM_PACKAGE = '@stoplight/prism-cli@5.14';
const PRISM_DIR = join(tmpdir(), 'webmon-bench-prism-5.14');
const TARGETS = { bare: 0.5, prism: 10 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const FORM = 'application/x-www-form-urlencoded';
const CREATE_BODY = 'name=Bench+check&test_type=HTTP&website_url=https%3A%2F%2Fexample.com&check_rate=300&tags[]=bench';

/** @param {string} line */
const log = (line) => process.stderr.write(`${line}\n`);

/**
 * Loads the built mock, or says how to build it.
 * @returns {Promise<typeof import('../src/node/index.js')>}
 */
async function loadMock() {
  const entry = new URL('../dist/node/index.js', import.meta.url);
  if (!existsSync(entry)) {
    log('The mock is not built: run `pnpm --filter @webmon/mock-server build` first.');
    process.exit(1);
  }
  return import(entry.href);
}

/**
 * The mock as `pnpm mock` runs it, but with rate limiting off (the bench is one
 * client far above 5 req/s) and no cap on records or bytes (creates go on all run long).
 */
async function startMock() {
  const { startServer } = await loadMock();
  const unlimited = Number.MAX_SAFE_INTEGER;
  const mock = await startServer({
    port: 0,
    rateLimit: false,
    limits: { maxRecordsPerKind: unlimited, maxBytesPerAccount: unlimited, maxBytes: unlimited },
  });
  // Reads and writes use different tokens (accounts): the list the readers get
  // keeps the seeded size all run long instead of growing with every create.
  const reader = { authorization: 'Bearer bench-reader' };
  const list = await fetch(`${mock.url}/uptime`, { headers: reader });
  const listBody = Buffer.from(await list.arrayBuffer());
  /** @type {{ data: { id: string }[] }} */
  const { data } = JSON.parse(listBody.toString());
  const [first] = data;
  if (!first) throw new Error('The seeded uptime list is empty: nothing to get one of.');
  return { mock, listBody, oneId: first.id };
}

/**
 * A node:http server doing nothing but answer the mock's list bytes: the ceiling.
 * @param {Buffer} body
 */
async function startBare(body) {
  const server = createServer((request, response) => {
    // Read the request body like the mock does, so a POST costs the same I/O.
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.byteLength });
      response.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, url: `http://127.0.0.1:${port}` };
}

/**
 * 10 requests a connection loops over: 6 lists, 3 get-ones, 1 create, interleaved.
 * @param {string} basePath
 * @param {string} oneId
 * @returns {CannonRequest[]}
 */
function workload(basePath, oneId) {
  const list = { method: 'GET', path: `${basePath}/uptime` };
  const one = { method: 'GET', path: `${basePath}/uptime/${oneId}` };
  const create = {
    method: 'POST',
    path: `${basePath}/uptime`,
    headers: { 'content-type': FORM, authorization: 'Bearer bench-writer' },
    body: CREATE_BODY,
  };
  return [list, one, list, list, one, list, create, list, one, list];
}

/**
 * One autocannon run; the load generator runs in a worker thread, not on the server's event loop.
 * @param {string} url
 * @param {CannonRequest[]} requests
 * @param {number} duration seconds
 */
function cannon(url, requests, duration) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    workers: 1,
    headers: { authorization: 'Bearer bench-reader' },
    requests,
  });
}

/**
 * @param {string} name
 * @param {string} url
 * @param {CannonRequest[]} requests
 * @returns {Promise<Row>}
 */
async function measure(name, url, requests, warmUp = true) {
  log(`${name}: ${warmUp ? `warming up ${WARMUP_S} s, then ` : ''}${DURATION_S} s at ${CONNECTIONS} connections…`);
  if (warmUp) await cannon(url, requests, WARMUP_S);
  // Time the event loop of this thread (where the servers run; the load generator is a worker) was busy.
  const before = performance.eventLoopUtilization();
  const result = await cannon(url, requests, DURATION_S);
  const busy = performance.eventLoopUtilization(before).active;
  return {
    loopUs: (busy * 1000) / Math.max(1, result.requests.total),
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' '),
  };
}

/**
 * Installs Prism once into a temporary directory; returns its binary, or why there is none.
 * @returns {Promise<{ bin: string } | { skipped: string }>}
 */
async function preparePrism() {
  if (process.env.BENCH_PRISM === '0') return { skipped: 'skipped (BENCH_PRISM=0)' };
  const bin = join(PRISM_DIR, 'node_modules', '.bin', 'prism');
  if (!existsSync(bin)) {
    log(`Installing ${PRISM_PACKAGE} into ${PRISM_DIR} (once, outside the workspace)…`);
    try {
      await promisify(execFile)(
        'npm',
        ['install', '--prefix', PRISM_DIR, '--no-audit', '--no-fund', '--loglevel=error', PRISM_PACKAGE],
        {
          timeout: 300_000,
        },
      );
    } catch (error) {
      const failure = /** @type {Error & { stderr?: string }} */ (error);
      return {
        skipped: `could not install ${PRISM_PACKAGE}: ${
          String(failure.stderr || failure.message)
            .trim()
            .split('\n')[0]
        }`,
      };
    }
  }
  return { bin };
}

/** A free port: listen on 0, read it, let it go. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * `prism mock` on the bundle as a child process; resolves once it answers.
 * @param {string} bin
 */
async function startPrism(bin) {
  const spec = require.resolve('@webmon/spec/openapi.yaml');
  const port = await freePort();
  // `-v warn`: Prism logs every request at the default level, which would slow it down for nothing.
  const child = spawn(bin, ['mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'warn', spec], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-2000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-2000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      await fetch(`${url}/uptime`, { headers: { authorization: 'Bearer bench-reader' } });
      return { child, url };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  child.kill();
  throw new Error(`Prism did not start: ${output.trim().split('\n').slice(-3).join(' | ') || 'no output'}`);
}

/**
 * Prism as a third row, or a line saying why there is none; never fails the bench.
 * @returns {Promise<Row | Skipped>}
 */
async function measurePrism() {
  const prepared = await preparePrism();
  if ('skipped' in prepared) return { name: 'prism 5.14', skipped: prepared.skipped };
  let prism;
  try {
    prism = await startPrism(prepared.bin);
    // Prism serves the paths of the description at its root: the `/v1` is in the
    // servers' URLs, which it does not mount. Its ids are the examples', any id answers.
    // Prism runs in its own process: this thread's loop time says nothing about it.
    return { ...(await measure('prism 5.14', prism.url, workload('', '1234567'))), loopUs: Number.NaN };
  } catch (error) {
    return { name: 'prism 5.14', skipped: error instanceof Error ? error.message : String(error) };
  } finally {
    prism?.child.kill();
  }
}

/**
 * The pipeline alone (`MockApi.route`, no HTTP), on the bench's workload, in this
 * thread: what of the mock's loop time per request is the mock's own work, the
 * rest being node:http and the adapter (server.ts). Run after the HTTP rounds,
 * so it does not disturb them.
 * @param {import('../src/mock-api.js').MockApi} api
 * @param {string} oneId
 */
async function pipelineMicros(api, oneId) {
  /** @param {string} method @param {string} path @param {string} token @param {string} [body] */
  const request = (method, path, token, body) => {
    /** @type {Record<string, string>} */
    const headers = { authorization: `Bearer ${token}`, host: '127.0.0.1', ...(body && { 'content-type': FORM }) };
    const bytes = new TextEncoder().encode(body ?? '');
    return {
      method,
      origin: 'http://127.0.0.1',
      path,
      query: '',
      /** @param {string} name */
      header: (name) => headers[name] ?? null,
      body: async () => bytes,
    };
  };
  const kinds = {
    list: () => request('GET', '/v1/uptime', 'bench-reader'),
    'get-one': () => request('GET', `/v1/uptime/${oneId}`, 'bench-reader'),
    create: () => request('POST', '/v1/uptime', 'bench-writer', CREATE_BODY),
  };
  /** @type {Record<string, number>} */
  const micros = {};
  for (const [kind, make] of Object.entries(kinds)) {
    const count = kind === 'create' ? 2_000 : 20_000;
    for (let i = 0; i < 1_000; i++) await api.route(make());
    const started = performance.now();
    for (let i = 0; i < count; i++) await api.route(make());
    micros[kind] = ((performance.now() - started) * 1000) / count;
  }
  // The workload's mix: 6 lists, 3 get-ones, 1 create in 10.
  const mixed = ((micros.list ?? 0) * 6 + (micros['get-one'] ?? 0) * 3 + (micros.create ?? 0)) / 10;
  return { micros, mixed };
}

/** @param {(Row | Skipped)[]} rows */
function printTable(rows) {
  /** @param {number} n */
  const format = (n, digits = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const header = ['target', 'req/s', 'p99 ms', 'loop µs/req', 'non-2xx', 'errors', 'statuses'];
  const lines = [
    header,
    ...rows.map((row) =>
      'skipped' in row
        ? [row.name, '-', '-', '-', '-', '-', row.skipped]
        : [
            row.name,
            format(row.rps),
            format(row.p99, 1),
            Number.isNaN(row.loopUs) ? '-' : format(row.loopUs, 1),
            String(row.non2xx),
            String(row.errors),
            row.statuses,
          ],
    ),
  ];
  const last = header.length - 1;
  const widths = header.map((_, column) =>
    Math.max(...lines.map((line) => (column === last ? 0 : (line[column] ?? '').length))),
  );
  for (const line of lines)
    console.log(
      line
        .map((cell, column) =>
          column === 0 || column === last ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    );
}

/**
 * @param {string} label
 * @param {Row} mock
 * @param {Row | Skipped} other
 * @param {number} target
 */
function printRatio(label, mock, other, target) {
  if (!other || 'skipped' in other) return console.log(`${label}: not measured`);
  const ratio = mock.rps / other.rps;
  console.log(`${label}: ${ratio.toFixed(2)} (target ≥ ${target}: ${ratio >= target ? 'met' : 'NOT met'})`);
}

async function main() {
  const { mock, listBody, oneId } = await startMock();
  const bare = await startBare(listBody);
  log(
    `Workload: 60 % GET /uptime (${listBody.byteLength} B), 30 % GET /uptime/${oneId}, 10 % POST /uptime (form); node ${process.version}.`,
  );
  try {
    // Rounds alternate the two targets (order swapped each round), so a busy
    // machine's load swings hit both alike; the ratio reported is the median of
    // the rounds' ratios, each measured in the same run.
    /** @type {[Row, Row][]} */
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const runMock = () =>
        measure('mock (startServer)', mock.url.replace(/\/v1$/, ''), workload('/v1', oneId), round === 0);
      const runBare = () => measure('bare node:http', bare.url, workload('/v1', oneId), round === 0);
      if (round % 2 === 0) rounds.push([await runMock(), await runBare()]);
      else {
        const bareRow = await runBare();
        rounds.push([await runMock(), bareRow]);
      }
    }
    const ratios = rounds.map(([mockRow, bareRow]) => mockRow.rps / bareRow.rps);
    const middle = rounds[ratios.indexOf(median(ratios))];
    if (!middle) throw new Error('BENCH_ROUNDS must be at least 1');
    const [mockRow, bareRow] = middle;
    const prismRow = await measurePrism();

    console.log('');
    printTable([mockRow, bareRow, prismRow]);
    console.log('');
    console.log(
      `mock / bare node:http by round: ${ratios.map((r) => r.toFixed(2)).join(', ')} (median row shown above)`,
    );
    printRatio('mock / bare node:http', mockRow, bareRow, TARGETS.bare);
    // On a machine busy with other work, req/s swings with the load from one run to
    // the next; the servers' own time per request is steadier. Its ratio is what
    // the throughput ratio would be with the server thread alone on a core.
    const loopRatios = rounds.map(([m, b]) => b.loopUs / m.loopUs);
    console.log(
      `server time per request, bare / mock: ${median(loopRatios).toFixed(2)} (rounds: ${loopRatios.map((r) => r.toFixed(2)).join(', ')})`,
    );
    printRatio('mock / prism', mockRow, prismRow, TARGETS.prism);
    const pipeline = await pipelineMicros(mock.api, oneId);
    const parts = Object.entries(pipeline.micros)
      .map(([kind, us]) => `${kind} ${us.toFixed(1)}`)
      .join(', ');
    console.log(
      `where the mock's time goes, per request: ${mockRow.loopUs.toFixed(1)} µs of event loop = ` +
        `${pipeline.mixed.toFixed(1)} µs pipeline (MockApi.route in process: ${parts}) + ` +
        `${(mockRow.loopUs - pipeline.mixed).toFixed(1)} µs node:http, the adapter and the socket writes ` +
        `(bare node:http: ${bareRow.loopUs.toFixed(1)} µs in all)`,
    );
    if (mockRow.non2xx)
      console.log(
        `warning: the mock answered ${mockRow.non2xx} requests with a non-2xx status; its figure is not comparable.`,
      );
  } finally {
    await mock.close();
    await new Promise((resolve) => bare.server.close(resolve));
  }
}

await main();
