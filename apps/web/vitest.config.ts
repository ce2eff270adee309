import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.{ts,tsx}'];

/**
 * The files that need a module registry of their own: a `vi.mock` replaces a module for every later file
 * in the same worker, and a file marked `// vitest: isolate` tests state a module keeps once per page.
 * The rest share one registry and one jsdom per worker, which takes the suite from about 270 s to 120 s
 * on two cores (each isolated file pays for its own jsdom and imports, about a second).
 */
const src = fileURLToPath(new URL('src', import.meta.url));
const isolated = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /vi\.mock\(|\/\/ vitest: isolate/.test(readFileSync(`${src}/${file}`, 'utf8')))
  .map((file) => `src/${file}`);

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // A test file per core: vitest's default leaves one core to its own, mostly idle, process.
    maxWorkers: '100%',
    setupFiles: ['../../test/fixed-clock.ts', 'src/test/setup.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: isolated, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
