import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each file starts its own server on a free port: files can run in parallel.
    pool: 'forks',
  },
});
