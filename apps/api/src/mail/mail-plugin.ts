import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/database-handle.js';
import type { MailTransport } from './mail-transport.js';
import { createOutbox, type Outbox } from './outbox.js';
import { exponentialRetry } from './retry-policy.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox: `app.mail.enqueue(trx, mail)` inside the transaction that causes the mail. */
    mail: Outbox;
  }
}

/**
 * Creates the outbox from the configuration with the app's logger, decorates it as `app.mail`, and runs
 * its sender while the app runs: started once the app is ready (never during a failed start), stopped on
 * close. This plugin's onClose runs before the root's, which closes the database.
 */
export const mailPlugin = fp(
  async (
    app: FastifyInstance,
    options: { config: Config; database: Database; transport: MailTransport | undefined },
  ) => {
    const { config, database, transport } = options;
    const outbox = createOutbox({
      db: database.db,
      logger: app.log,
      transport,
      production: config.production,
      logLinks: config.devOutbox,
      pollIntervalMs: config.mail.pollIntervalMs,
      retry: exponentialRetry(config.mail.retryBaseMs),
    });
    app.decorate('mail', outbox);
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', () => outbox.stop());
  },
  { name: 'mail' },
);
