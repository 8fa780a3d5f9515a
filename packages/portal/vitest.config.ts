import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * The files that take longest, in this order (`pnpm dev` end to end, whose
 * setup alone takes a minute on a busy machine; the reference's walks; the
 * sandbox; the 390 px crawl of every route; the SPEC routes' full loads):
 * started first, so the other worker runs the short files beside them and
 * both end together. Vitest's own order (longest by the last run's
 * durations, else biggest file first) knows no durations on a fresh clone,
 * and a run of one test (`-t`) records a short one: the long pole, then
 * started last, made the suite take its whole length more.
 */
const LONGEST_FIRST = [
  'dev-loop.test.ts',
  'api-reference.test.ts',
  'api-sandbox.test.ts',
  'layout-content.test.ts',
  'routes.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const found = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return found < 0 ? LONGEST_FIRST.length : found;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  // test/search-engine.ts runs the local search plugin's worker in Node: its
  // client code is inlined (extensionless imports) and its `@generated/`
  // constants are the build's.
  resolve: {
    alias: [{ find: /^@generated\/(.*)$/, replacement: fileURLToPath(new URL('./.docusaurus/$1', import.meta.url)) }],
  },
  test: {
    server: { deps: { inline: [/docusaurus-search-local/] } },
    include: ['test/**/*.test.ts'],
    // Two cores: at most two files at once, each worker with one Chromium (test/helpers.ts).
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: LongestFirst },
    // Files share nothing mutable through modules (each starts its own site
    // server, Chromium and mocks; the helpers keep no state), so one module
    // graph per worker is safe: playwright-core, the bundle and the helpers
    // load once per worker instead of once per file.
    isolate: false,
    // Limits for a slow, busy 2-core machine, where one page took 5 s and
    // more to load and hydrate: a test that walks many pages, a Chromium
    // start, a Docusaurus build get minutes. Waits inside a test are bounded
    // by Playwright's timeout (WAIT_MS in test/helpers.ts) and expect.poll's
    // below (vitest's default is 1 s), and end as soon as their condition
    // holds.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 60_000 } },
  },
});
