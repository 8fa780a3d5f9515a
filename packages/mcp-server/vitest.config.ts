import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each file starts its own server processes (and mocks on free ports): files run in parallel.
    pool: 'forks',
    // One module graph for the three files: the SDK, the mock and Ajv load once
    // instead of once per file (7.4 -> 6.5 CPU-s, load 16-18). They share nothing
    // mutable through modules: each starts its own servers and child processes.
    isolate: false,
    // Limits for a slow, busy 2-core machine: a child process loading the SDK,
    // the client and the mock was seen taking seconds under load.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
