import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from './free-port.js';

/** Azurite's well-known development account (the same in every Azurite and the old storage emulator). */
const ACCOUNT = 'devstoreaccount1';
const ACCOUNT_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  connectionString: string;
  stop(): Promise<void>;
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Azurite exited with code ${child.exitCode}`);
    try {
      await fetch(url); // any HTTP answer (even 4xx) means it listens
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`Azurite did not answer at ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Azurite's blob service for tests and benchmarks (architecture.md: Azurite in tests): on a free port, with
 * its data in a temporary folder removed on stop. It comes from the azurite dev dependency.
 */
export async function startAzurite(): Promise<Azurite> {
  const main = join(
    dirname(createRequire(import.meta.url).resolve('azurite/package.json')),
    'dist/src/blob/main.js',
  );
  const location = await mkdtemp(join(tmpdir(), 'azurite-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      main,
      ...['--blobHost', '127.0.0.1', '--blobPort', String(port), '--location', location],
      ...['--skipApiVersionCheck', '--silent', '--disableTelemetry'],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const endpoint = `http://127.0.0.1:${port}/${ACCOUNT}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await rm(location, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(endpoint, child, 20_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${ACCOUNT_KEY};BlobEndpoint=${endpoint};`,
    stop,
  };
}
