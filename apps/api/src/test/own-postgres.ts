import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const run = promisify(execFile);
const POSTGRES_HOME = '/usr/lib/postgresql';

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:port/postgres */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: sessions are ended, transactions in flight roll back, a clean shutdown. */
  stop(): Promise<void>;
  /** `pg_ctl start`, on the same port and data, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops it if it runs and removes its folder; safe to call twice. */
  destroy(): Promise<void>;
}

/**
 * The machine's PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin, the newest version), or an
 * error that says what is missing: a fault test needs a server of its own to stop and start.
 */
export function postgresBinaries(): string {
  const versions = existsSync(POSTGRES_HOME)
    ? readdirSync(POSTGRES_HOME)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(POSTGRES_HOME, name, 'bin/pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      `No PostgreSQL server binaries (initdb, pg_ctl) under ${POSTGRES_HOME}/<version>/bin: install the ` +
        'postgresql package (the fault suites start a PostgreSQL of their own, never touching the shared one)',
    );
  }
  return join(POSTGRES_HOME, newest, 'bin');
}

/**
 * A PostgreSQL of the test's own: initdb in a temporary folder, on a spare port of 127.0.0.1, its socket in
 * that folder, so the machine's shared server is never touched. initdb refuses root, so as root (CI) the
 * binaries run as the `postgres` user, owner of the folder. fsync is off: the test stops it cleanly, it
 * never needs to survive a power cut.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinaries();
  const root = mkdtempSync(join(tmpdir(), 'own-postgres-'));
  const data = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(root, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);

  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${root}`,
    '-c fsync=off',
    '-c max_connections=50',
  ].join(' ');
  const log = join(root, 'server.log');
  let started = false;
  const start = async () => {
    try {
      await pg('pg_ctl', ['-D', data, '-l', log, '-o', serverOptions, '-w', '-t', '30', 'start']);
    } catch (error) {
      throw new Error(`pg_ctl start failed: ${(error as Error).message}\n${tail(log)}`);
    }
    started = true;
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
    started = false;
  };
  const destroy = async () => {
    if (started) await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    started = false;
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await pg('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await start();
  } catch (error) {
    await destroy();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, start, stop, destroy };
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').slice(-2000);
  } catch {
    return '';
  }
}
