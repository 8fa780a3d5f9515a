import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // Test files share one module graph, hence one bundled ruleset
    // (test/lint-fixture.ts caches it; nothing mutates it). With isolation
    // each file re-imports Spectral and re-bundles: ~18 s instead of ~2 s.
    isolate: false,
    // Limits for a slow, busy 2-core machine: bundling the ruleset (rollup)
    // takes about 2 s when quiet and was seen at 6 s under load, past
    // vitest's 5 s default.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
