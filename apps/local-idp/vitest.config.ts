import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../test/fixed-clock.ts'],
    // A test file per core: vitest's default leaves one core to its own, mostly idle, process.
    maxWorkers: '100%',
    // Seeding hashes the demo password with scrypt (about a second); each sign-in verifies one.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
