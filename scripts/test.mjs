// `npm test`: install what is missing, build, then every check and suite: lint, types, unit and API
// integration tests (each workspace's vitest), and the end-to-end tests in Debian's chromium.
import { build, ensureChromium, ensureDependencies, run } from './setup.mjs';

ensureDependencies();
ensureChromium();
build();
run('npm', ['run', 'lint', '--silent']);
run('npm', ['run', 'typecheck', '--silent']);
run('npm', ['run', 'test:unit', '--silent']);
run('npx', ['playwright', 'test']);
