import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The files share one module registry per worker (below), where a `vi.mock` would replace the module for
// every later file: say so at once rather than let a later file fail for a reason of another's.
const src = fileURLToPath(new URL('src', import.meta.url));
const mocking = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('.test.ts') && readFileSync(`${src}/${file}`, 'utf8').includes('vi.mock('),
);
if (mocking.length > 0) {
  throw new Error(`apps/api's test files share their modules: no vi.mock (${mocking.join(', ')})`);
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['../../test/fixed-clock.ts'],
    // Each file would otherwise import the whole app again (about a second a file); the three that fake
    // timers restore them.
    isolate: false,
    // A test file per core: vitest's default leaves one core to its own, mostly idle, process.
    maxWorkers: '100%',
    // Each file's PGlite loads the migrated template (test/global-setup.ts) in about half a second;
    // PostgreSQL suites share one server.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
