import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // React renders into happy-dom's document; requests go through msw's
    // setupServer to the mock's own handlers, as an integrator's tests would.
    environment: 'happy-dom',
    // Limits for a slow, busy 2-core machine (React, msw and the mock's
    // validators load once per file; a render waits on several requests).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
