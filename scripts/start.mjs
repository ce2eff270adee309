// `npm start`: install, build, then run the portal on its embedded defaults: the API (serving the SPA)
// and the local identity provider in one process, on the embedded database, migrated and seeded once.
import { spawn } from 'node:child_process';
import { build, ensureDependencies, root } from './setup.mjs';

ensureDependencies();
build();

const { loadConfig } = await import('../apps/api/dist/config.js');
const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('../apps/api/dist/seed/demo-seed.js');
// Warnings and errors only, unless LOG_LEVEL says otherwise, so the banner below stays readable. The local
// conveniences (the readable outbox, the embedded identity provider) are on here, for a person trying the
// portal on this machine; the API refuses them when it listens beyond loopback.
const env = {
  ...process.env,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEV_OUTBOX: process.env.DEV_OUTBOX ?? 'true',
  LOCAL_IDP: process.env.LOCAL_IDP ?? 'true',
};
const config = loadConfig(env);
const api = spawn('node', ['apps/local-idp/dist/stack.js'], { cwd: root, stdio: 'inherit', env });
api.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));

await waitUntilReady(`http://127.0.0.1:${config.port}/readyz`);
const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
console.log(`
  ${config.appName} is running at ${config.publicUrl}

  Sign in with a demo account (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((account) => `    ${account.email.padEnd(width)}  ${account.purpose}`).join('\n')}

  Identity provider (local, B2C-shaped): ${config.auth.instance}
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
