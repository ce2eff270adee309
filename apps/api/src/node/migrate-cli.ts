import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './database.js';
import { migrate } from './migrate.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const applied = await migrate(database);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
