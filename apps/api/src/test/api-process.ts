import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { TEST_AUDIENCE, TEST_ISSUER, TEST_POLICY } from './tokens.js';

const apiDir = fileURLToPath(new URL('../../', import.meta.url));
const serverJs = join(apiDir, 'dist/node/server.js');

/** A pino line of the process's log (or `{ msg }` for a line that is not JSON). */
export type LogLine = Record<string, unknown> & { msg?: string };

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface ApiProcess {
  name: string;
  /** http://127.0.0.1:port */
  url: string;
  /** Every line the process logged so far. */
  logs: LogLine[];
  /** One HTTP call: a FormData body is sent as multipart, any other as JSON; a JSON answer is parsed. */
  call<T = unknown>(
    method: string,
    path: string,
    options?: { headers?: Record<string, string>; body?: unknown },
  ): Promise<ApiAnswer<T>>;
  /** Whether the process still runs (a crash on a database outage would end it). */
  running(): boolean;
  /** SIGTERM (the graceful shutdown of server.ts), then waits for the exit. */
  stop(): Promise<void>;
}

export interface ApiProcessOptions {
  name: string;
  databaseUrl: string;
  /** test/jwks-server.ts: the key the test signs tokens with. */
  jwksUrl: string;
  /** More variables of config.ts (SMTP_URL, STORAGE_CONNECTION_STRING, MAIL_POLL_INTERVAL_MS …). */
  env?: Record<string, string>;
}

/**
 * The built API (apps/api/dist/node/server.js) in a process of its own, as it runs in production: it migrates
 * its database, listens on a free port and verifies tokens against the JWKS URL; ready once /healthz
 * answers. Its environment is only what is given here, never the test runner's.
 */
export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  assertBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `api-process-${options.name}-`));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_SIZE: '4',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'info',
    AUTH_ISSUER: TEST_ISSUER,
    AUTH_API_AUDIENCE: TEST_AUDIENCE,
    AUTH_LOGIN_POLICY: TEST_POLICY,
    AUTH_JWKS_URL: options.jwksUrl,
    ...options.env,
  };
  const child = spawn(process.execPath, [serverJs], { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: LogLine[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => logs.push(parseLine(line)));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = `${stderr}${chunk.toString('utf8')}`.slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;

  const stop = async () => {
    if (running()) await terminate(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, running, () => stderr, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    name: options.name,
    url,
    logs,
    running,
    stop,
    async call<T>(
      method: string,
      path: string,
      { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
    ): Promise<ApiAnswer<T>> {
      // A FormData body goes as multipart/form-data (fetch sets its boundary); anything else as JSON.
      const form = body instanceof FormData;
      const json = body !== undefined && !form;
      const response = await fetch(`${url}${path}`, {
        method,
        headers: json ? { ...headers, 'content-type': 'application/json' } : headers,
        body: form ? body : json ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(20_000),
      }).catch((error: unknown) => {
        // A process that crashed says why (its last words on stderr), rather than only "fetch failed".
        if (running()) throw error;
        throw new Error(
          `The API process ${options.name} has exited (${child.exitCode ?? child.signalCode}):\n${stderr}`,
          {
            cause: error,
          },
        );
      });
      const text = await response.text();
      const answeredJson = (response.headers.get('content-type') ?? '').includes('json');
      return { status: response.status, body: (answeredJson && text ? JSON.parse(text) : text) as T };
    },
  };
}

function parseLine(line: string): LogLine {
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return { msg: line };
  }
}

async function waitForHealth(url: string, running: () => boolean, stderr: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running()) throw new Error(`The API process exited before it was ready:\n${stderr()}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`The API process did not answer at ${url}:\n${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function terminate(child: ChildProcess) {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The processes run the build, not the sources: a dist older than a source file would test old code
 * without saying so. Fail with what to do instead.
 */
function assertBuilt() {
  const src = join(apiDir, 'src');
  for (const file of sourceFiles(src)) {
    const built = join(apiDir, 'dist', relative(src, file).replace(/\.ts$/, '.js'));
    let builtAt: number;
    try {
      builtAt = statSync(built).mtimeMs;
    } catch {
      throw new Error(`${built} is missing: run \`npm run build\` first (these tests start the built API)`);
    }
    if (builtAt < statSync(file).mtimeMs) {
      throw new Error(
        `apps/api/dist is older than ${relative(apiDir, file)}: run \`npm run build -w @portal/api\` first (these tests start the built API)`,
      );
    }
  }
}

/** The API's own sources (what dist is built from): no tests, no test helpers. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
