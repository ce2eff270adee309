// What a bench's smoke run (`--smoke`, bench/smoke.mjs) works in: a PostgreSQL database and folders of its
// own, made for the run and removed when the process ends, whether the bench finished or failed, so the
// machine's PostgreSQL and temporary folder are left as they were.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The PostgreSQL the benches use (trust authentication), without a database. */
export const pgBase = (process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');

/** Every smoke database starts with this; bench/smoke.mjs adds its run's tag (BENCH_SMOKE_TAG) after it. */
export const SMOKE_DATABASE_PREFIX = 'portal_smoke_';

/** @type {Array<() => unknown>} */
const cleanups = [];
let cleaning;

/** Runs the cleanups once, the last registered first; a failed one is reported and the rest still run. */
function cleanUp() {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('bench cleanup failed:', error);
      }
    }
  })();
  return cleaning;
}

let installed = false;
/** `cleanup` runs when the process ends: its work done (the event loop empty), failed, or interrupted. */
export function onExit(cleanup) {
  cleanups.push(cleanup);
  if (installed) return;
  installed = true;
  process.once('beforeExit', () => void cleanUp());
  const fail = (error) => {
    console.error(error);
    void cleanUp().then(() => process.exit(1));
  };
  process.once('uncaughtException', fail);
  process.once('unhandledRejection', fail);
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}

/** Runs `work` with a client of the server's maintenance database. */
export async function withAdmin(work) {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A new PostgreSQL database named after `bench` and this process, dropped when the process ends; its URL.
 * @param {string} bench
 */
export async function scratchDatabase(bench) {
  const tag = (process.env.BENCH_SMOKE_TAG ?? '').replace(/\W/g, '').toLowerCase();
  const name = `${SMOKE_DATABASE_PREFIX}${tag ? `${tag}_` : ''}${bench}_${process.pid}_${Date.now().toString(36)}`;
  await withAdmin((admin) => admin.query(`create database ${name}`));
  onExit(() => withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)));
  return `${pgBase}/${name}`;
}

/**
 * A new folder under the system's temporary folder, removed when the process ends.
 * @param {string} prefix
 */
export function scratchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onExit(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
