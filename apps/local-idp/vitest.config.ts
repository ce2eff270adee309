import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../test/vitest-workers';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../test/fixed-clock.ts'],
    maxWorkers,
    // Seeding hashes the demo password with scrypt (about a second); each sign-in verifies one.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
