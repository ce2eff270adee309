// The API as a benchmark calls it: its own process (bench/api-list/serve.mjs, so the load generator does
// not share its event loop), trusting a signing key made here, and a minter of tokens for it.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { loadConfig } from '../../apps/api/dist/config.js';

/**
 * A signing key for a benchmark's API process (its public half, `jwk`, goes in BENCH_JWK) and `sign(claims)`,
 * which mints an access token of the login policy that API accepts (issuer bench, audience portal-api).
 */
export async function createBenchKeys() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' };
  const acr = loadConfig({}).auth.loginPolicy;
  const sign = (claims) =>
    new SignJWT({ acr, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setIssuer('bench')
      .setAudience('portal-api')
      .setSubject(claims.sub ?? 'bench')
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(privateKey);
  return { jwk, sign };
}

/**
 * Starts the API on `database` (openDatabase's options) with `config` (environment variables) on top of
 * the benchmark's defaults. `sign(claims)` mints an access token it accepts; `pid` is the process's,
 * `cpuMicros()` its CPU time so far, `memory()` its process.memoryUsage().
 * @param {{ database: import('../../apps/api/dist/node/database.js').DatabaseOptions, config?: Record<string, string>,
 *   execArgv?: string[] }} options
 */
export async function startApi({ database, config = {}, execArgv = [] }) {
  const { jwk, sign } = await createBenchKeys();
  const child = fork(new URL('../api-list/serve.mjs', import.meta.url), {
    execArgv,
    env: {
      ...process.env,
      BENCH_DATABASE: JSON.stringify(database),
      BENCH_JWK: JSON.stringify(jwk),
      BENCH_CONFIG: JSON.stringify(config),
    },
  });
  const [{ port }] = await once(child, 'message');
  const stop = async () => {
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  /** The API process's CPU time so far, in µs (serve.mjs answers the message). */
  const cpuMicros = async () => {
    child.send('cpu');
    const [{ cpuMicros: micros }] = await once(child, 'message');
    return micros;
  };
  /** The API process's process.memoryUsage() (bytes): rss, heapUsed, heapTotal, external. */
  const memory = async () => {
    child.send('memory');
    const [{ memory: usage }] = await once(child, 'message');
    return usage;
  };
  return { stop, sign, cpuMicros, memory, pid: child.pid, origin: `http://127.0.0.1:${port}` };
}
