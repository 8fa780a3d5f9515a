import { defineConfig } from 'vitest/config';

// `pnpm test:dev`: the `pnpm dev` test alone (test/dev-loop/), never beside the
// other files: while an edit is live, the loop rewrites the worktree's bundle
// and reference pages, which they read.
export default defineConfig({
  test: {
    include: ['test/dev-loop/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    // Starting builds (turbo, usually cached) and compiles the whole site: minutes on a busy 2-core machine.
    testTimeout: 300_000,
    hookTimeout: 1_000_000,
    expect: { poll: { timeout: 120_000 } },
  },
});
