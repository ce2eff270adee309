import type { MailLogger } from './mail-logger.js';
import type { SendCounts } from './mail-sender.js';

export interface SenderLoop {
  /** Runs a pass now, then one every interval; a second start does nothing. */
  start(): void;
  /** Cancels the next pass and waits for the one under way, so the database can close after it. */
  stop(): Promise<void>;
}

export interface SenderLoopOptions {
  sendDue(): Promise<SendCounts>;
  intervalMs: number;
  /** A pass that claimed a full batch may have left more due: the next one runs at once. */
  batchSize: number;
  logger: MailLogger;
}

/**
 * The sender's timer. A chain of timeouts rather than an interval, so passes never overlap; each is
 * unref'd, so the loop never keeps the process (a test run, a shutdown) alive.
 */
export function createSenderLoop({ sendDue, intervalMs, batchSize, logger }: SenderLoopOptions): SenderLoop {
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;

  function schedule(delayMs: number): void {
    timer = setTimeout(() => {
      timer = undefined;
      pass = runPass().finally(() => {
        pass = undefined;
      });
    }, delayMs);
    timer.unref();
  }

  async function runPass(): Promise<void> {
    let more = false;
    try {
      more = (await sendDue()).claimed >= batchSize;
    } catch (error) {
      // The database or the network failed the whole pass: try again on the next tick.
      logger.error({ err: error }, 'mail sender pass failed');
    }
    if (running) schedule(more ? 0 : intervalMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await pass;
    },
  };
}
