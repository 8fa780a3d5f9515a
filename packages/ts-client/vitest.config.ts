import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each file starts its own mock server on a free port: files run in parallel.
    pool: 'forks',
  },
});
