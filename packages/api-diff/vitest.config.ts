import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Limits for a slow, busy 2-core machine: the CLI tests start Node and
    // read the whole bundle, well under a second when quiet, several times
    // that under load.
    testTimeout: 60_000,
  },
});
