import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // The files share one module registry per worker: each would otherwise import the whole app again
    // (about a second a file). No file mocks a module; the three that fake timers restore them.
    isolate: false,
    // Each file's PGlite loads the migrated template (test/global-setup.ts) in about half a second;
    // PostgreSQL suites share one server.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
