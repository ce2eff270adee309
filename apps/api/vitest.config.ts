import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // PGlite starts in about a second per file; PostgreSQL suites share one server.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
