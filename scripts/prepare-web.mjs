// Before `npm run dev` and `npm run dev:mock` of apps/web: on a fresh clone, install and build the packages
// the dev server reads (again when their sources changed), so the README's command works as written. With
// --mock, also what mock mode's worker runs: the API's code (built when its dist is missing or older than
// its sources) and its prepared world (apps/web/scripts/mock-image.mjs, made again when what it is made of
// changed).
import { buildPackages, ensureDependencies, newestIn, run } from './setup.mjs';

ensureDependencies();
buildPackages({ ifStale: true });
if (process.argv.includes('--mock')) {
  if (newestIn('apps/api/dist') < newestIn('apps/api/src')) {
    console.log("Building the API's code for mock mode…");
    run('npm', ['run', 'build', '--silent', '-w', '@portal/api']);
  }
  run('node', ['apps/web/scripts/mock-image.mjs', '--if-stale']);
}
