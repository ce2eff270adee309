// The demo world a bench's database starts from (apps/api seedIfEmpty), its documents written to a scratch
// folder removed afterwards: the benches read lists and figures, never the demo's files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../apps/api/dist/config.js';
import { createFileStorage } from '../../apps/api/dist/node/configured-file-storage.js';
import { seedIfEmpty } from '../../apps/api/dist/seed/seed.js';

/**
 * Seeds the demo into `db` unless it has users already (seedIfEmpty); returns whether it seeded.
 * @param {import('kysely').Kysely<import('../../apps/api/dist/db/schema.js').DB>} db
 */
export async function seedDemoIfEmpty(db) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-files-'));
  try {
    const storage = createFileStorage({
      ...loadConfig({}).storage,
      connectionString: undefined,
      containerPrefix: 'bench',
      dir,
    });
    return await seedIfEmpty(db, storage);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
