import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { seedIfEmpty } from '../seed/seed.js';
import { seedVolume } from '../seed/volume-seed.js';
import { createFileStorage } from './configured-file-storage.js';
import { openConfiguredDatabase } from './database.js';
import { migrate } from './migrate.js';

/**
 * Migrates, then seeds the demo data when the database is empty.
 *   --organisations N   also add N synthetic organisations (benchmarks)
 */
const { values } = parseArgs({ options: { organisations: { type: 'string' } } });
const volume = values.organisations === undefined ? 0 : Number(values.organisations);
if (!Number.isSafeInteger(volume) || volume < 0) {
  console.error('--organisations takes a whole number');
  process.exit(2);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const applied = await migrate(database);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  const seeded = await seedIfEmpty(database.db, createFileStorage(config.storage));
  console.log(seeded ? 'Seeded the demo data.' : 'The demo data is already there.');
  if (volume > 0) {
    await seedVolume(database.db, volume, (done) =>
      process.stdout.write(`\r${done} / ${volume} organisations`),
    );
    process.stdout.write('\n');
  }
} finally {
  await database.close();
}
