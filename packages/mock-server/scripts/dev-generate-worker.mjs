// @ts-check
// `pnpm dev`'s mock host (scripts/dev-host.mjs) generates each save's routes and
// validators here: a worker thread that keeps the generator, Ajv and the
// bundle reader loaded and compiled between saves, and leaves the host's
// event loop to the requests it serves meanwhile.
//   host   -> { job, spec, out, lazy }   generate from the bundle file `spec` into `out` (JavaScript):
//                                        with `lazy`, validators compiled on first use (the host's
//                                        own), else standalone ones (the sandbox's copy)
//   worker -> { job, error? }            done, or the generator's error
import { parentPort } from 'node:worker_threads';
import { generateMock } from './generate.mjs';

parentPort?.on('message', (/** @type {{ job: number, spec: string, out: string, lazy: boolean }} */ message) => {
  const { job, spec, out, lazy } = message;
  try {
    generateMock({ spec, out, js: true, ...(lazy ? { lazyValidators: true } : { reuseValidators: true }) });
    parentPort?.postMessage({ job });
  } catch (error) {
    parentPort?.postMessage({ job, error: /** @type {Error} */ (error).message });
  }
});
