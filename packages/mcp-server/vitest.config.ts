import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each file starts its own server processes (and mocks on free ports): files run in parallel.
    pool: 'forks',
    // Limits for a slow, busy 2-core machine: a child process loading the SDK,
    // the client and the mock was seen taking seconds under load.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
