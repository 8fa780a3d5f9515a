import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each file starts its own mock server on a free port: files run in parallel.
    pool: 'forks',
    // Files share nothing mutable through modules (each has its own servers,
    // tokens and clients; src/ and the mock keep no module state), so one
    // module graph per worker is safe: the mock, its validators and
    // TypeScript load once per worker instead of once per file (import time
    // was about a third of the run).
    isolate: false,
    // Limits for a slow, busy 2-core machine: the type checks (TypeScript
    // over lib.dom, the generator in a child process) take a few seconds when
    // quiet and were seen at 40 s under heavy load.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
