import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/database-handle.js';
import { sweepOrphans } from './orphan-sweep.js';

/** How often each instance sweeps: an orphan outlives its grace period by at most this. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;
/** The first pass comes a minute after the start, which (and a test's short-lived app) it never slows. */
export const FIRST_SWEEP_DELAY_MS = 60_000;

export interface OrphanSweepOptions {
  database: Database;
  storage: Config['storage'];
  intervalMs?: number;
  firstDelayMs?: number;
}

/**
 * Runs the orphan sweep (orphan-sweep.ts) in each API instance while the app runs,
 * started once it is ready and stopped (the pass under way awaited) on close, before the database closes.
 * A chain of unref'd timeouts: passes never overlap, and the timer never keeps the process alive. Needs
 * the storage plugin (app.fileStorage). In app.ts, after the storage plugin:
 *
 *   await app.register(orphanSweepPlugin, { database, storage: config.storage });
 */
export const orphanSweepPlugin = fp(
  async (app: FastifyInstance, options: OrphanSweepOptions) => {
    const intervalMs = options.intervalMs ?? SWEEP_INTERVAL_MS;
    let running = false;
    let timer: NodeJS.Timeout | undefined;
    let pass: Promise<void> | undefined;

    async function runPass(): Promise<void> {
      try {
        const counts = await sweepOrphans({
          db: options.database.db,
          storage: app.fileStorage,
          graceMs: options.storage.orphanGraceMs,
          log: app.log,
        });
        if (counts.rows + counts.blobs + counts.partials > 0)
          app.log.info(counts, 'orphan sweep removed files');
      } catch (error) {
        // The database or the store failed the pass: the next one tries again.
        app.log.error({ err: error }, 'orphan sweep failed');
      }
    }

    function schedule(delayMs: number): void {
      timer = setTimeout(() => {
        timer = undefined;
        pass = runPass().finally(() => {
          pass = undefined;
          if (running) schedule(intervalMs);
        });
      }, delayMs);
      timer.unref();
    }

    app.addHook('onReady', async () => {
      running = true;
      schedule(options.firstDelayMs ?? FIRST_SWEEP_DELAY_MS);
    });
    app.addHook('onClose', async () => {
      running = false;
      if (timer) clearTimeout(timer);
      await pass;
    });
  },
  { name: 'orphan-sweep', dependencies: ['storage'] },
);
