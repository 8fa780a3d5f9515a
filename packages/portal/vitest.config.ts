import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each browser file launches one Chromium; two cores: at most two files at once.
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
