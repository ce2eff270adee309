// Before `npm run dev` and `npm run dev:mock` of apps/web: on a fresh clone, install and build the packages
// the dev server reads (again when their sources changed), so the README's command works as written. With
// --mock, also what mock mode's worker runs: the API's code (built when its dist is missing or older than
// its sources) and its prepared world (apps/web/scripts/mock-image.mjs, made again when what it is made of
// changed). Mock mode's dev server pre-bundles these builds (vite.config.ts): its copies go when one is
// built again, which Vite would not notice.
import { rmSync } from 'node:fs';
import { buildPackages, ensureDependencies, newestIn, root, run } from './setup.mjs';

ensureDependencies();
let built = buildPackages({ ifStale: true });
if (process.argv.includes('--mock')) {
  if (newestIn('apps/api/dist') < newestIn('apps/api/src')) {
    console.log("Building the API's code for mock mode…");
    run('npm', ['run', 'build', '--silent', '-w', '@portal/api']);
    built += 1;
  }
  run('node', ['apps/web/scripts/mock-image.mjs', '--if-stale']);
}
if (built > 0) rmSync(`${root}apps/web/node_modules/.vite`, { recursive: true, force: true });
