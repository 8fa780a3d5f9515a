import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Files that replace modules (vi.mock, vi.doMock) or reset the module registry
// run isolated: under `isolate: false` a module mock leaks into the files that
// share the worker after it.
const ISOLATED = ['test/operation-handlers.test.ts'];
const testDir = new URL('./test/', import.meta.url);
for (const file of readdirSync(testDir).filter((name) => name.endsWith('.test.ts'))) {
  const mocks = /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(new URL(file, testDir), 'utf8'));
  if (mocks && !ISOLATED.includes(`test/${file}`)) {
    throw new Error(`test/${file} mocks modules: add it to ISOLATED in vitest.config.ts`);
  }
}

export default defineConfig({
  test: {
    // Each file starts its own server on a free port: files can run in parallel.
    pool: 'forks',
    // Limits for a slow, busy 2-core machine: the heavy tests (the fuzzing,
    // the walk over every seeded record and series) take 1-5 s when quiet
    // and several times that under load, past vitest's 5 s default.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          // The other files share nothing mutable through modules (each
          // starts its own server with its own clock and accounts; src/ keeps
          // only caches of what the spec says), so one module graph per
          // worker is safe: the mock, its validators and the spec oracle load
          // once per worker instead of once per file (import time was a fifth
          // of the run).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
