import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Sized for a slow, busy 2-core machine (the tests take well under a
    // second when quiet), like every package's: vitest's 5 s default is not.
    testTimeout: 60_000,
  },
});
