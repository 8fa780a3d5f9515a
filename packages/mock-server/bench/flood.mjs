#!/usr/bin/env node
// @ts-check
// Memory of the mock under a flood, in bytes: the mock runs in a child process
// with its default limits (rate limiting off, so the flood is fast), and this
// process floods it while sampling the child's RSS:
//   1. tokens: more new tokens than the mock holds (1,000), each filling its byte
//      budget with the largest records the spec allows, until refused (409/429);
//   2. reads: 100 connections reading full accounts' list pages at once;
//   3. slow readers: 200 sockets pipelining list requests, then 2,000 sockets
//      asking one list each, never reading.
// Prints the child's RSS after each phase and its peak; exits 1 past 512 MB.
//
// Needs a built mock (`pnpm --filter @webmon/mock-server build`).
// Environment: FLOOD_TOKENS (default 1,500), FLOOD_READ_S (default 10).
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const LIMIT_MB = 512;
const TOKENS = Number(process.env.FLOOD_TOKENS ?? 1500);
const READ_S = Number(process.env.FLOOD_READ_S ?? 10);
const CONCURRENCY = 50;
const FORM = 'application/x-www-form-urlencoded';

/** @param {string} line */
const log = (line) => process.stderr.write(`${line}\n`);

/** @typedef {{ rss: number, maxRss: number }} Memory */

// ---------------------------------------------------------------------------
// The child: the mock, answering memory questions over IPC
// ---------------------------------------------------------------------------

if (process.argv[2] === '--serve') {
  const entry = new URL('../dist/node/index.js', import.meta.url);
  /** @type {typeof import('../src/node/index.js')} */
  const { startServer } = await import(entry.href);
  const mock = await startServer({ port: 0, rateLimit: false });
  process.on('message', (message) => {
    if (message === 'memory') {
      /** @type {Memory} */
      const memory = { rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 };
      process.send?.(memory);
    }
  });
  process.send?.({ port: mock.port });
} else {
  await main();
}

// ---------------------------------------------------------------------------
// The flood
// ---------------------------------------------------------------------------

async function main() {
  if (!existsSync(new URL('../dist/node/index.js', import.meta.url))) {
    log('The mock is not built: run `pnpm --filter @webmon/mock-server build` first.');
    process.exit(1);
  }
  // As `pnpm mock` runs it (the heap limit of src/node/cli.ts).
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--max-old-space-size=384'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  /** @type {number} */
  const port = await new Promise((resolve) =>
    child.once('message', (message) => resolve(/** @type {{ port: number }} */ (message).port)),
  );
  const base = `http://127.0.0.1:${port}/v1`;
  /** @type {Memory} */
  let last = { rss: 0, maxRss: 0 };
  /** @returns {Promise<Memory>} */
  const memory = () =>
    new Promise((resolve) => {
      child.once('message', (message) => resolve((last = /** @type {Memory} */ (message))));
      child.send('memory');
    });
  const sampler = setInterval(() => void memory(), 250);
  /** @type {[string, number][]} */
  const rows = [];
  const record = async (/** @type {string} */ phase) => rows.push([phase, (await memory()).rss]);

  try {
    await record('started (no token yet)');
    const statuses = await floodTokens(base);
    await record(`${TOKENS} tokens filled (${statuses})`);
    const reads = await floodReads(base, READ_S);
    await record(`${READ_S} s of list reads, 100 connections (${reads} answers)`);
    await slowReaders(port, 200, 50);
    await record('200 sockets pipelining 50 lists each, never reading');
    await slowReaders(port, 2000, 1);
    await record('2,000 sockets asking one list each, never reading');
  } finally {
    clearInterval(sampler);
  }
  const { maxRss } = await memory();
  child.kill();

  const mb = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log('');
  for (const [phase, rss] of rows) console.log(`${mb(rss).padStart(8)}  ${phase}`);
  console.log(`${mb(maxRss).padStart(8)}  peak RSS of the mock process`);
  console.log('');
  const ok = maxRss < LIMIT_MB * 1024 * 1024 && last.rss < LIMIT_MB * 1024 * 1024;
  console.log(`peak RSS ${mb(maxRss)}: ${ok ? 'under' : 'OVER'} ${LIMIT_MB} MB`);
  if (!ok) process.exitCode = 1;
}

/** The largest contact group the spec allows: every list full, every string at its maxLength. */
function largestContactGroup() {
  const params = new URLSearchParams();
  params.set('name', 'n'.repeat(255));
  for (let i = 0; i < 50; i++) {
    params.append(
      'email_addresses[]',
      `${'a'.repeat(60)}${i}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(55)}.com`,
    );
    params.append('integrations[]', `${i}`.padStart(64, 'i'));
    params.append('mobile_numbers[]', `+44770090${String(i).padStart(4, '0')}`);
  }
  params.set('ping_url', `https://hooks.example.com/${'p'.repeat(2000)}`);
  return params.toString();
}

/** The largest uptime check: the two 64 KiB POST fields (two bytes a character in V8) and every list full. */
function largestUptimeCheck() {
  const params = new URLSearchParams({
    name: 'n'.repeat(255),
    test_type: 'HTTP',
    website_url: `https://example.com/${'u'.repeat(2000)}`,
    check_rate: '300',
    post_raw: `€${'r'.repeat(65_535)}`,
    post_body: JSON.stringify({ pad: 'b'.repeat(65_500) }),
    custom_header: JSON.stringify({ pad: 'h'.repeat(4080) }),
  });
  for (let i = 0; i < 50; i++) params.append('tags[]', `${i}`.padStart(64, 't'));
  return params.toString();
}

/**
 * Runs `task(i)` for i in [0, count), `CONCURRENCY` at a time.
 * @param {number} count
 * @param {(i: number) => Promise<void>} task
 */
async function pool(count, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * Each token writes the largest records until the mock refuses; returns the statuses seen.
 * @param {string} base
 */
async function floodTokens(base) {
  const group = largestContactGroup();
  const uptime = largestUptimeCheck();
  /** @type {Record<string, number>} */
  const statuses = {};
  const count = (/** @type {number} */ status) => (statuses[status] = (statuses[status] ?? 0) + 1);
  await pool(TOKENS, async (i) => {
    const headers = { authorization: `Bearer flood-${i}`, 'content-type': FORM };
    for (let k = 0; k < 40; k++) {
      const body = k % 4 === 0 ? uptime : group;
      const path = k % 4 === 0 ? '/uptime' : '/contact-groups';
      const response = await fetch(`${base}${path}`, { method: 'POST', headers, body });
      await response.arrayBuffer();
      count(response.status);
      if (response.status === 429) return;
      if (response.status === 409 && k % 4 !== 0) return;
    }
  });
  return Object.entries(statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
}

/**
 * 100 connections reading full accounts' contact group lists for `seconds`.
 * @param {string} base
 * @param {number} seconds
 */
async function floodReads(base, seconds) {
  const until = Date.now() + seconds * 1000;
  let answers = 0;
  const reader = async (/** @type {number} */ i) => {
    while (Date.now() < until) {
      const token = `flood-${(i * 7 + answers) % Math.min(TOKENS, 1000)}`;
      const response = await fetch(`${base}/contact-groups?limit=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      answers++;
    }
  };
  await Promise.all(Array.from({ length: 100 }, (_, i) => reader(i)));
  return answers;
}

/**
 * Sockets that send many list requests at once and read nothing: Node stops
 * reading a socket whose answers are not drained, so each holds a few answers.
 * @param {number} port
 * @param {number} sockets
 * @param {number} requestsEach
 */
async function slowReaders(port, sockets, requestsEach) {
  const opened = Array.from({ length: sockets }, (_, i) => {
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    const request = `GET /v1/contact-groups?limit=100 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer flood-${i % Math.min(TOKENS, 1000)}\r\n\r\n`;
    socket.write(request.repeat(requestsEach));
    socket.on('error', () => undefined);
    return socket;
  });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const socket of opened) socket.destroy();
}
