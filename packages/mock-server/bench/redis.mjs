#!/usr/bin/env node
// @ts-check
// The mock with its accounts in Redis, against the mock in memory, in one run
// (issue 42): requests/s and p99 for
//   - one in-memory instance (`mock`),
//   - one Redis-backed instance (`mock --store redis://…`),
//   - two Redis-backed instances sharing the load (half the connections each,
//     the same tokens on both, as a load balancer spreads one integrator's calls),
// each a process of its own, on the same mixed workload as bench/throughput.mjs
// (60 % list, 30 % get-one, 10 % create), 50 connections, the requests spread
// over 75 integrators (tokens). Starts its own redis-server on a free port.
//
// Needs a built mock and redis-server (apt-get install -y redis-server).
// Environment: BENCH_DURATION (seconds per target, default 10).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** @type {(options: Record<string, unknown>) => Promise<{ requests: { average: number, total: number }, latency: { p99: number }, non2xx: number, errors: number, timeouts: number, statusCodeStats?: Record<string, { count: number }> }>} */
const autocannon = require('autocannon');

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const CLI = fileURLToPath(new URL('../dist/node/cli.js', import.meta.url));
const CREATE_BODY = 'name=Bench+check&test_type=HTTP&website_url=https%3A%2F%2Fexample.com&check_rate=300&tags[]=bench';
/** @param {string} line */
const log = (line) => process.stderr.write(`${line}\n`);

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  return port;
}

/**
 * Starts a process and resolves once its output shows `ready`.
 * @param {string} command
 * @param {string[]} args
 * @param {RegExp} ready
 */
function startProcess(command, args, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) resolve({ child, match });
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
  });
}

/** @param {string[]} store */
async function startMock(store) {
  const { child, match } = /** @type {{ child: import('node:child_process').ChildProcess, match: RegExpExecArray }} */ (
    await startProcess(
      process.execPath,
      ['--max-old-space-size=384', CLI, '--port', '0', '--no-rate-limit', '--quiet', ...store],
      /listening on (http:\/\/\S+)\n/,
    )
  );
  return { child, url: String(match[1]).replace('//localhost:', '//127.0.0.1:') };
}

/**
 * The bench's workload, over 25 reading and 50 writing integrators (tokens);
 * a writer's token is renewed every 100 of its creates (a token holds 256 KiB,
 * about 170 uptime checks).
 * @param {string} prefix token prefix, so two runs against one Redis share tokens only when meant to
 */
function workload(prefix) {
  let reads = 0;
  let writes = 0;
  /** @param {string} method @param {string} path @param {boolean} [write] */
  const request = (method, path, write = false) => ({
    method,
    path: `/v1${path}`,
    ...(write && { body: CREATE_BODY }),
    /** @param {Record<string, unknown>} req */
    setupRequest(req) {
      const token = write
        ? `${prefix}-writer-${writes % 50}-${Math.floor(writes++ / 5000)}`
        : `${prefix}-reader-${reads++ % 25}`;
      return {
        ...req,
        headers: {
          authorization: `Bearer ${token}`,
          ...(write && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
      };
    },
  });
  const list = request('GET', '/uptime');
  const one = request('GET', '/uptime/1234567');
  const create = request('POST', '/uptime', true);
  return [list, one, list, list, one, list, create, list, one, list];
}

/**
 * Load on each URL at once, the connections split between them; requests/s summed, the worst p99.
 * @param {string} name
 * @param {string[]} urls
 * @param {string} prefix
 */
async function measure(name, urls, prefix) {
  const run = (/** @type {number} */ duration) =>
    Promise.all(
      urls.map((url) =>
        autocannon({
          url: new URL(url).origin,
          connections: CONNECTIONS / urls.length,
          duration,
          requests: workload(prefix),
        }),
      ),
    );
  log(`${name}: warming up ${WARMUP_S} s, then ${DURATION_S} s at ${CONNECTIONS} connections…`);
  await run(WARMUP_S);
  const results = await run(DURATION_S);
  const statuses = new Map();
  for (const result of results)
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
      statuses.set(code, (statuses.get(code) ?? 0) + count);
  return {
    name,
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    statuses: [...statuses].map(([code, count]) => `${code}×${count}`).join(' '),
  };
}

if (!existsSync(CLI)) {
  log('The mock is not built: run `pnpm --filter @webmon/mock-server build` first.');
  process.exit(1);
}
const port = await freePort();
const dir = mkdtempSync(join(tmpdir(), 'bench-redis-'));
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
const stopAll = () => {
  for (const child of children) child.kill();
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', stopAll);
try {
  const redis = /** @type {{ child: import('node:child_process').ChildProcess }} */ (
    await startProcess(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dir],
      /Ready to accept connections/,
    ).catch((error) => {
      throw error.code === 'ENOENT'
        ? new Error('redis-server is not installed: apt-get install -y redis-server')
        : error;
    })
  );
  children.push(redis.child);
  const store = ['--store', `redis://127.0.0.1:${port}/0`];

  const rows = [];
  const memory = await startMock([]);
  children.push(memory.child);
  rows.push(await measure('1 in-memory instance', [memory.url], 'memory'));
  memory.child.kill();

  const one = await startMock(store);
  children.push(one.child);
  rows.push(await measure('1 Redis-backed instance', [one.url], 'one'));
  const two = await startMock(store);
  children.push(two.child);
  rows.push(await measure('2 Redis-backed instances', [one.url, two.url], 'two'));

  const [inMemory, redisOne, redisTwo] = rows.map((row) => row.rps);
  console.log(
    `\nNode ${process.version}, ${cpus().length} cores, load average ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ${DURATION_S} s per target:\n`,
  );
  console.log('| target | req/s | p99 (ms) | errors | statuses |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows)
    console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p99} | ${row.errors} | ${row.statuses} |`);
  const ratio = (/** @type {number} */ a, /** @type {number} */ b) => (a / b).toFixed(2);
  console.log(`
1 Redis / 1 in-memory:  ${ratio(redisOne ?? 0, inMemory ?? 1)}
2 Redis / 1 Redis:      ${ratio(redisTwo ?? 0, redisOne ?? 1)}
2 Redis / 1 in-memory:  ${ratio(redisTwo ?? 0, inMemory ?? 1)}
`);
  if (cpus().length <= 2)
    console.log(`On ${cpus().length} cores the load generator, redis-server and the mock processes share the cores:
two instances cannot have a core each, so "2 Redis / 1 Redis" shows what sharing costs, not how it scales.
The issue's claim (the pair serves more than one in-memory instance) needs a core per mock process
beside Redis and the load generator.`);
} finally {
  stopAll();
}
