// Before `npm run dev` and `npm run dev:mock` of apps/web: on a fresh clone, install and build the packages the
// dev server reads, so the README's command works as written. With --mock, also what mock mode's worker
// runs: the API's code (built when its dist is missing or older than its sources) and its prepared world
// (apps/web/scripts/mock-image.mjs, made again when what it is made of changed).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildPackages, ensureDependencies, root, run } from './setup.mjs';

/** The newest modification time of the files under `folder` (0 when it does not exist). */
function newest(folder) {
  const path = join(root, folder);
  if (!existsSync(path)) return 0;
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).reduce(
    (latest, file) => Math.max(latest, statSync(join(path, file)).mtimeMs),
    0,
  );
}

ensureDependencies();
buildPackages();
if (process.argv.includes('--mock')) {
  if (newest('apps/api/dist') < newest('apps/api/src')) {
    console.log("Building the API's code for mock mode…");
    run('npm', ['run', 'build', '--silent', '-w', '@portal/api']);
  }
  run('node', ['apps/web/scripts/mock-image.mjs', '--if-stale']);
}
