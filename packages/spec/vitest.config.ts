import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One module graph for the four files: the bundle, Ajv and its compiled
    // validators (test/validator.ts) load once instead of once per file. They
    // share nothing mutable through modules (nothing writes the bundle or the
    // ruleset; a validator compiled by one file is the same for the next).
    isolate: false,
    // Limits for a slow, busy 2-core machine, not for this one: the heaviest
    // steps (bundling the Spectral ruleset, one full lint of the sources) take
    // a few seconds when quiet and several times that under load; vitest's
    // 5 s / 10 s defaults turned load into failures. One full lint of the
    // sources took over 60 s at load average 24 on 2 cores (a fresh-clone run
    // beside other builds): 5 minutes leaves room.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
