/**
 * The local search plugin's own worker (lunr over build/search-index.json,
 * its query rules and order), run in Node: what the modal and /search ask
 * it, without a browser. vitest.config.ts inlines the plugin's client code
 * and maps its `@generated/` import to the build's constants.
 */
import { readFileSync } from 'node:fs';
import { buildDir } from './helpers';
import type { WorkerHit } from '../src/search/results';

interface Worker {
  search(baseUrl: string, context: string, input: string, limit: number): Promise<WorkerHit[]>;
}

let worker: Promise<Worker> | undefined;

async function load(): Promise<Worker> {
  const index = readFileSync(`${buildDir}/search-index.json`, 'utf8');
  const scope = globalThis as Record<string, unknown>;
  // What the worker reads of its browser scope: Comlink's message listener, the page's origin and fetch.
  scope.addEventListener ??= () => {};
  scope.location ??= { origin: 'http://localhost' };
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: RequestInfo | URL, init?: RequestInit) =>
    String(url).startsWith('/search-index')
      ? new Response(index, { headers: { 'content-type': 'application/json' } })
      : realFetch(url, init)) as typeof fetch;
  // @ts-expect-error the plugin's client code has no typings (src/types covers the parts the site imports)
  const { SearchWorker } = await import('@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js');
  return new SearchWorker() as Worker;
}

/** The worker's hits for `query`, at most `limit`, as the browser gets them. */
export async function workerSearch(query: string, limit: number): Promise<WorkerHit[]> {
  worker ??= load();
  return (await worker).search('/', '', query, limit);
}
