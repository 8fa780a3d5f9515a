import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Limits for a slow, busy 2-core machine, not for this one: the heaviest
    // steps (bundling the Spectral ruleset, one full lint of the sources) take
    // a few seconds when quiet and several times that under load; vitest's
    // 5 s / 10 s defaults turned load into failures.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
