// Set-up shared by `npm start` and `npm test`. Plain Node with no dependencies: it runs before they exist.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs a command in the repository root, streaming its output; exits with its code when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Installs the locked dependencies when node_modules is missing or older than the lock file (a pull
 * changed them). `npm install` rather than `npm ci`: with the lock present it installs exactly the locked
 * versions, and unlike `npm ci` it accepts a lock without the optional platform builds a registry does
 * not serve (Biome's non-Linux binaries, on the registry this project is built against).
 */
export function ensureDependencies() {
  const lock = `${root}package-lock.json`;
  const installed = `${root}node_modules/.package-lock.json`;
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** The newest modification time of the files under `folder` of the repository (0 when it does not exist). */
export function newestIn(folder) {
  const path = `${root}${folder}`;
  if (!existsSync(path)) return 0;
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).reduce(
    (latest, file) => Math.max(latest, statSync(`${path}/${file}`).mtimeMs),
    0,
  );
}

/**
 * The workspace packages the SPA's dev server reads built (their dist/): what `npm run dev*` needs. With
 * `ifStale`, only those whose sources changed since their last build (a dev server's restart then starts
 * at once). Returns how many it built.
 */
export function buildPackages({ ifStale = false } = {}) {
  let built = 0;
  for (const name of ['list-query', 'domain', 'contracts', 'demo-data']) {
    const folder = `packages/${name}`;
    if (ifStale && newestIn(`${folder}/dist`) >= newestIn(`${folder}/src`)) continue;
    console.log(`Building @portal/${name}…`);
    run('npm', ['run', 'build', '--silent', '-w', `@portal/${name}`]);
    built += 1;
  }
  return built;
}

export function build() {
  console.log('Building…');
  run('npm', ['run', 'build', '--silent']);
}

export const CHROMIUM = '/usr/bin/chromium';

/** End-to-end tests drive Debian's chromium: install it when missing and we may, else say what to install. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`✖ The end-to-end tests need Debian's 'chromium' package at ${CHROMIUM}.`);
    console.error('  Install it with: sudo apt-get install -y chromium');
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the end-to-end tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update'], { env });
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
}
