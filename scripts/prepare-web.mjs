// Before `npm run dev` and `npm run dev:mock` of apps/web: on a fresh clone, install and build the packages the
// dev server reads, so the README's command works as written.
import { buildPackages, ensureDependencies } from './setup.mjs';

ensureDependencies();
buildPackages();
