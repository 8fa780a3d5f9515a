import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each browser file launches one Chromium; two cores: at most two files at once.
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
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
