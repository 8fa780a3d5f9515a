#!/usr/bin/env node
// @ts-check
// The mock under `pnpm dev` (scripts/dev.mjs at the root starts it with IPC):
// the HTTP server from dist/, whose pipeline is swapped in place when the
// description changes, keeping the readers' sandbox data. ESM modules cannot
// be unloaded, so each reload imports a fresh copy of dist/ with routes and
// validators generated from the new bundle (.dev/<n>/): about a module graph
// of memory per reload, fine for an editing session (the heap limit is raised).
//   parent -> { type: 'prepare', id, bundle }   generate and load, do not answer with it yet
//   parent -> { type: 'commit', id }            answer with it from now on
//   parent -> { type: 'sandbox', id, bundle }   generate the browser sandbox's copy (standalone validators)
//                                               into a folder of its own: host -> { type: 'sandbox', id, dir }
//   host   -> { type: 'listening', url } | { type: 'prepared' | 'failed' | 'reloaded', id, ... }
//            ('prepared' carries `notes`: operations the dispatch table does not cover, each with its stop-gap)
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** @typedef {import('../dist/index.js').MockApi} MockApi */
/** @typedef {{ api: MockApi, resources: unknown, dir: string }} Loaded */

const packageDir = fileURLToPath(new URL('..', import.meta.url));
// DEV_MOCK_WORK: a scratch session's own folder (the root's scripts/dev-workspace.mjs).
const devDir = process.env.DEV_MOCK_WORK ? `${process.env.DEV_MOCK_WORK.replace(/\/$/, '')}/` : `${packageDir}.dev/`;
const send = (/** @type {Record<string, unknown>} */ message) => process.send?.(message);

rmSync(devDir, { recursive: true, force: true });
const { startServer } = await import('../dist/node/index.js');
const { resources: startResources } = await import('../dist/generated/operations.js');
const port = Number(process.env.MOCK_PORT ?? 4010);
/** @type {import('../dist/node/index.js').RunningMock} */
let mock;
try {
  mock = await startServer({ port });
} catch (error) {
  send({ type: 'failed', id: 0, code: /** @type {NodeJS.ErrnoException} */ (error).code, message: String(error) });
  process.exit(1);
}
send({ type: 'listening', url: mock.url.replace('//127.0.0.1:', '//localhost:') });

/** @type {Loaded} */
let current = { api: mock.api, resources: startResources, dir: '' };
/** @type {Map<number, Loaded>} */
const prepared = new Map();

/**
 * A generator in a worker thread (scripts/dev-generate-worker.mjs), warm
 * between saves (`warm`: loaded before the first); started again if it stops.
 * Returns its `generate(spec, out, lazy)`: JavaScript routes and validators from
 * the bundle file `spec` into `out`, one job at a time.
 */
function generatorWorker({ warm = false } = {}) {
  /** @type {Map<number, { resolve(): void, reject(error: Error): void }>} */
  const jobs = new Map();
  let lastJob = 0;
  /** @type {Worker | undefined} */
  let worker;
  const start = () => {
    const started = new Worker(new URL('./dev-generate-worker.mjs', import.meta.url));
    started.on('message', (/** @type {{ job: number, error?: string }} */ { job, error }) => {
      const pending = jobs.get(job);
      jobs.delete(job);
      if (error) pending?.reject(new Error(error));
      else pending?.resolve();
    });
    // A failure outside a job (the worker's own start): every job waiting gets it; 'exit' follows.
    started.on('error', (error) => {
      for (const pending of jobs.values()) pending.reject(error);
      jobs.clear();
    });
    started.on('exit', (code) => {
      worker = undefined;
      for (const pending of jobs.values()) pending.reject(new Error(`the generator stopped (exit ${code})`));
      jobs.clear();
    });
    return started;
  };
  if (warm) worker = start();
  /** @param {string} spec @param {string} out @param {boolean} lazy */
  return (spec, out, lazy) => {
    worker ??= start();
    const job = ++lastJob;
    const done = new Promise((resolve, reject) => jobs.set(job, { resolve: () => resolve(undefined), reject }));
    worker.postMessage({ job, spec, out, lazy });
    return done;
  };
}
// Each save's routes and validators (compiled on first use); and, in a worker
// of its own so that a save never waits for it, the sandbox's copy (standalone
// validators for the browser), which the loop asks for once it is idle.
const generateForSave = generatorWorker({ warm: true });
const generateForSandbox = generatorWorker();

/**
 * Generates routes and validators from `bundle` into a fresh copy of dist/ and
 * loads it; returns its handler notes (operations answered by a stop-gap).
 * @param {number} id @param {string} bundle
 */
async function prepare(id, bundle) {
  const dir = `${devDir}${id}/`;
  // The modules alone: not the generated ones (made next), nor the declarations and source maps.
  cpSync(`${packageDir}dist/`, dir, {
    recursive: true,
    filter: (source) => !source.includes('/generated') && !/\.(d\.ts|map)$/.test(source),
  });
  mkdirSync(`${dir}generated`);
  await generateForSave(bundle, `${dir}generated`, true);
  const { MockApi, handlerNotes } = await import(pathToFileURL(`${dir}index.js`).href);
  const { resources } = await import(pathToFileURL(`${dir}generated/operations.js`).href);
  // The validators compile on first use; their Ajv instance is made now, beside the save's lint.
  for (const module of ['validators.js', 'content-validators.js'])
    (await import(pathToFileURL(`${dir}generated/${module}`).href)).warmUp();
  prepared.set(id, { api: new MockApi({}), resources, dir });
  return /** @type {string[]} */ (handlerNotes);
}

/** Which resources' fields differ: their stored records cannot be kept. @param {unknown} before @param {unknown} after */
function changedResources(before, after) {
  const a = /** @type {Record<string, unknown>} */ (before);
  const b = /** @type {Record<string, unknown>} */ (after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (tag) => JSON.stringify(a[tag]) !== JSON.stringify(b[tag]),
  );
}

process.on('message', async (/** @type {{ type: string, id: number, bundle?: string }} */ message) => {
  const started = performance.now();
  if (message.type === 'prepare' && message.bundle) {
    try {
      const notes = await prepare(message.id, message.bundle);
      send({ type: 'prepared', id: message.id, ms: Math.round(performance.now() - started), notes });
    } catch (error) {
      send({ type: 'failed', id: message.id, message: /** @type {Error} */ (error).message });
    }
  } else if (message.type === 'commit') {
    const next = prepared.get(message.id);
    if (!next) return;
    prepared.delete(message.id);
    const changed = changedResources(current.resources, next.resources);
    if (!changed.length) next.api.adoptStateOf(current.api);
    mock.replaceApi(next.api);
    if (current.dir) rmSync(current.dir, { recursive: true, force: true });
    current = next;
    send({ type: 'reloaded', id: message.id, keptState: !changed.length, changed });
  } else if (message.type === 'sandbox' && message.bundle) {
    const dir = `${devDir}sandbox-${message.id}/`;
    try {
      mkdirSync(dir, { recursive: true });
      await generateForSandbox(message.bundle, dir, false);
      send({ type: 'sandbox', id: message.id, dir });
    } catch (error) {
      send({ type: 'failed', id: message.id, message: /** @type {Error} */ (error).message });
    }
  } else if (message.type === 'discard') {
    const dropped = prepared.get(message.id);
    prepared.delete(message.id);
    if (dropped) rmSync(dropped.dir, { recursive: true, force: true });
  }
});
// The parent gone (Ctrl+C, a crash): nothing may stay behind.
process.on('disconnect', () => {
  void mock.close().finally(() => process.exit(0));
});
