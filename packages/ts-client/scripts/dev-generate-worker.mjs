// @ts-check
// `pnpm dev` (scripts/dev.mjs at the root) regenerates the client's types here
// after each save: a worker thread that keeps the generator and
// openapi-typescript loaded between saves (a warm run is about 0.2 CPU-s; a
// Node process per save paid 1.4 CPU-s, mostly loading them), beside the dev
// server's recompile on two cores.
//   dev    -> { bundle, out }   generate from the bundle (JSON text) into the folder `out`
//   worker -> { error? }         done, or the generator's error
import { parentPort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { generate } from './generate.mjs';

parentPort?.on('message', async (/** @type {{ bundle: string, out: string }} */ { bundle, out }) => {
  try {
    await generate(JSON.parse(bundle), pathToFileURL(`${out}/`));
    parentPort?.postMessage({});
  } catch (error) {
    parentPort?.postMessage({ error: /** @type {Error} */ (error).message });
  }
});
