import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { DEMO_ACCOUNT_LIST, DEMO_PASSWORD, type DemoTables, demoWorld } from '@portal/demo-data';
import type { Kysely } from 'kysely';
import { hashPassword } from '../accounts/passwords.js';
import { DEFAULT_SLA_HOLIDAYS } from '../config.js';
import type { DB } from '../db/schema.js';
import type { FileStorage } from '../storage/file-storage.js';

/** What `npm start` prints: the demo accounts (the same in mock mode) and their one password. */
export { DEMO_ACCOUNT_LIST as DEMO_ACCOUNTS, DEMO_PASSWORD };

export interface DemoSeedOptions {
  /** How many organisations per stage plan (12 plans): the default gives 48 organisations. */
  perPlan?: number;
  /** false: the users get no password (mock mode, which signs in without one). */
  passwords?: boolean;
}

/**
 * Inserts the demo world of @portal/demo-data (mock mode's world too, over PGlite), in one transaction: a
 * failure leaves the database empty. The users get the demo password; the stored files' bytes go to
 * `storage`, the store the API of that database serves them from, under a key derived from the file's id
 * (seeding again writes the same blob over itself).
 */
export async function seedDemo(
  db: Kysely<DB>,
  storage: FileStorage,
  options: DemoSeedOptions = {},
): Promise<void> {
  const world: DemoTables = demoWorld({ perPlan: options.perPlan, slaHolidays: DEFAULT_SLA_HOLIDAYS });
  const passwordHash = options.passwords === false ? null : await hashPassword(DEMO_PASSWORD);
  const storedFiles = await Promise.all(
    world.storedFiles.map(async ({ content, ...file }) => {
      const container = storage.containerFor(file.purpose);
      const blobKey = `seed-${file.id}`;
      const bytes = Buffer.from(content, 'latin1');
      await storage.store.put(container, blobKey, Readable.from([bytes]));
      return { ...file, container, blobKey, sha256: createHash('sha256').update(bytes).digest('hex') };
    }),
  );
  // Typed per table: a column the schema gains and the world lacks does not compile here.
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('gateways').values(world.gateways).execute();
    await trx.insertInto('organisations').values(world.organisations).execute();
    await trx.insertInto('storedFiles').values(storedFiles).execute();
    const users = world.users.map((user) => ({ ...user, passwordHash }));
    await trx.insertInto('users').values(users).execute();
    await trx.insertInto('contacts').values(world.contacts).execute();
    await trx.insertInto('mahs').values(world.mahs).execute();
    await trx.insertInto('mahProducts').values(world.mahProducts).execute();
    await trx.insertInto('checks').values(world.checks).execute();
    await trx.insertInto('checkEvents').values(world.checkEvents).execute();
    await trx.insertInto('stageEvents').values(world.stageEvents).execute();
    await trx.insertInto('tooltips').values(world.tooltips).execute();
    await trx.insertInto('disclaimerContents').values(world.disclaimerContents).execute();
    await trx.insertInto('links').values(world.links).execute();
    await trx.insertInto('agreementTemplates').values(world.agreementTemplates).execute();
    await trx.insertInto('participationAgreements').values(world.participationAgreements).execute();
    const invoicing = world.invoicingInformation.map((row) => ({
      ...row,
      billing: JSON.stringify(row.billing),
    }));
    await trx.insertInto('invoicingInformation').values(invoicing).execute();
    await trx.insertInto('sessionTokens').values(world.sessionTokens).execute();
    await trx.insertInto('testRuns').values(world.testRuns).execute();
  });
}
