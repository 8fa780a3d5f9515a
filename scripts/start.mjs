#!/usr/bin/env node
// @ts-check
// `npm start` after setup: lint and build everything the portal needs (spec,
// mock, client, site), then serve the portal and the mock side by side.
// Ctrl+C stops both. Ports: PORTAL_PORT (3000) and MOCK_PORT (4010).
//
// It talks while it works: the ports are checked first (a busy one is one
// line naming its variable, before minutes of building), each build task is
// one line as it starts, with the time so far, and the URLs are printed only
// once both servers answer.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { movedMockNote } from './mock-address-note.mjs';

const root = new URL('..', import.meta.url);
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`.padStart(5);

/** @typedef {{ name: string, variable: string, port: number }} PortSetting */
/** @type {PortSetting} */
const portal = { name: 'portal', variable: 'PORTAL_PORT', port: Number(process.env.PORTAL_PORT ?? '3000') };
/** @type {PortSetting} */
const mock = { name: 'mock API', variable: 'MOCK_PORT', port: Number(process.env.MOCK_PORT ?? '4010') };
const ports = [portal, mock];

/** @param {number} port */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** @param {PortSetting} setting */
function busy({ name, variable, port }) {
  return `Port ${port} (${name}) is in use. Stop what uses it, or pick another port: ${variable}=${port + 1} npm start`;
}

for (const setting of ports) {
  if (!Number.isInteger(setting.port) || setting.port < 1 || setting.port > 65535) {
    console.error(`${setting.variable} must be a port number from 1 to 65535, not "${process.env[setting.variable]}".`);
    process.exit(1);
  }
  if (!(await portIsFree(setting.port))) {
    console.error(busy(setting));
    process.exit(1);
  }
}

// Build, one line per task as turbo starts it; the full log goes to a file,
// and a failing task's output is shown in full.
const logPath = join(tmpdir(), `webmon-start-${process.pid}.log`);
const log = createWriteStream(logPath);
console.log(
  'Building the spec, mock, client and portal (the first start takes 1 to 3 minutes on 2 cores; later ones reuse the cache).',
);
/** Lines of the portal's own build worth showing while it runs (it is most of the time). */
const PORTAL_STEPS = /prepare-api:|Successfully completed|\[SUCCESS\]|Generated static files|Compiled/;
const code = await new Promise((resolve) => {
  const child = spawn(
    'pnpm',
    ['turbo', 'run', 'lint', 'build', '--filter=@webmon/portal...', '--output-logs=full', '--log-order=stream'],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {import('node:stream').Readable} stream */
  const read = (stream) =>
    createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      const task = /^(@webmon\/[\w-]+:[\w-]+): (.*)$/.exec(line);
      if (!task) return;
      const name = task[1] ?? '';
      const text = task[2] ?? '';
      if (!seen.has(name)) {
        seen.add(name);
        const cached = /cache hit/.test(text) ? ' (cached)' : '';
        console.log(`${elapsed()}  ${name}${cached}`);
      } else if (name === '@webmon/portal:build' && PORTAL_STEPS.test(text)) {
        console.log(`${elapsed()}    ${text.replace(/\s+/g, ' ').trim().slice(0, 100)}`);
      }
    });
  read(/** @type {import('node:stream').Readable} */ (child.stdout));
  read(/** @type {import('node:stream').Readable} */ (child.stderr));
  child.on('close', resolve);
});
log.end();
if (code !== 0) {
  const failed = readFileSync(logPath, 'utf8')
    .split('\n')
    .filter((line) => /ERR|error|Error|failed/.test(line))
    .slice(-40)
    .join('\n');
  console.error(`\nThe build failed after ${elapsed().trim()}. The failing lines:\n${failed}\nFull log: ${logPath}`);
  process.exit(1);
}

/** @type {{ info: { title: string, version: string } }} */
const bundle = JSON.parse(readFileSync(new URL('packages/spec/dist/openapi.json', root), 'utf8'));
/** @param {string} path */
const size = (path) => `${(statSync(new URL(path, root)).size / 1024).toFixed(0)} KiB`;
console.log(
  `Built in ${elapsed().trim()}. ${bundle.info.title} ${bundle.info.version}: bundle at packages/spec/dist/openapi.{yaml,json} (${size('packages/spec/dist/openapi.json')} JSON)`,
);

// The mock in a process of its own (its heap limit, as its bin sets it:
// packages/mock-server/src/node/cli.ts), the portal's static server in this one.
const mockProcess = spawn(
  process.execPath,
  ['--max-old-space-size=384', 'packages/mock-server/dist/node/cli.js', '--port', String(mock.port), '--quiet'],
  { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
);
const mockReady = new Promise((resolve, reject) => {
  let output = '';
  const collect = (/** @type {Buffer} */ chunk) => {
    output += chunk;
    if (/listening on/.test(output)) resolve(undefined);
  };
  mockProcess.stdout?.on('data', collect);
  mockProcess.stderr?.on('data', collect);
  mockProcess.once('exit', (exitCode) =>
    reject(new Error(/in use/.test(output) ? busy(mock) : output.trim() || `exit ${exitCode}`)),
  );
});

/** @type {{ close: () => Promise<void> } | undefined} */
let site;
try {
  const { serveStatic } = await import(new URL('packages/portal/scripts/serve.mjs', root).href);
  site = await serveStatic({ dir: new URL('packages/portal/build', root).pathname, port: portal.port }).catch(
    (/** @type {NodeJS.ErrnoException} */ error) => {
      throw new Error(error.code === 'EADDRINUSE' ? busy(portal) : error.message);
    },
  );
  await mockReady;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  mockProcess.kill('SIGTERM');
  await site?.close();
  process.exit(1);
}

console.log(
  `\nPortal:   http://localhost:${portal.port}\nMock API: http://localhost:${mock.port}/v1 (any bearer token)\n${movedMockNote(new URL('packages/spec/dist/openapi.json', root), mock.port)}Ctrl+C stops both.\n`,
);

const stop = async () => {
  console.log('Stopping the portal and the mock.');
  mockProcess.kill('SIGTERM');
  await site?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
mockProcess.on('exit', (exitCode) => {
  if (exitCode) {
    console.error(`The mock API stopped with exit code ${exitCode}; stopping the portal.`);
    void site?.close().then(() => process.exit(exitCode));
  }
});
