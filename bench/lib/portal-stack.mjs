// The portal as `npm start` runs it, for a bench that drives it in a browser: the API, the SPA and the local
// identity provider in one process (apps/local-idp/dist/stack.js) on a fresh embedded database of its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the portal on `port` (its provider on `port` + 10) with `env` on top of the defaults, and waits up
 * to two minutes for it to be ready: on a busy machine the stack (API, migrations, the provider) starts
 * slowly. `stop()` ends it and removes its data.
 */
export async function startPortalStack({ name, port, env = {} }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  const stack = spawn('node', ['apps/local-idp/dist/stack.js'], {
    cwd: new URL('../..', import.meta.url),
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      AUTH_INSTANCE: `http://127.0.0.1:${port + 10}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      LOCAL_IDP: 'true',
      ...env,
    },
  });
  const stop = () => {
    stack.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error('the portal did not start');
}
