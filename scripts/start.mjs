// `npm start`: install, build, migrate and seed the embedded database once, then run the portal.
import { spawn } from 'node:child_process';
import { build, ensureDependencies, root, run } from './setup.mjs';

ensureDependencies();
build();
run('node', ['apps/api/dist/db/seed-cli.js']);

const { loadConfig } = await import('../apps/api/dist/config.js');
const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('../apps/api/dist/db/seed/demo-seed.js');
const config = loadConfig();

const api = spawn('node', ['apps/api/dist/server.js'], { cwd: root, stdio: 'inherit' });
api.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));

await waitUntilReady(`http://127.0.0.1:${config.port}/readyz`);
const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
console.log(`
  ${config.appName} is running at ${config.publicUrl}

  Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((account) => `    ${account.email.padEnd(width)}  ${account.purpose}`).join('\n')}

  API documentation: ${config.publicUrl}/api/docs
  Stop with Ctrl+C.
`);

async function waitUntilReady(url) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.error(`✖ The portal did not answer at ${url}`);
}
