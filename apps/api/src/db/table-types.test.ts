import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import { tableTypesSource } from './table-types.js';

const database = await createTestDatabase();
afterAll(() => database.close());

// A column a migration adds, drops or changes fails here until schema.generated.ts is written again
// (`-u`), and then the type check, where db/schema.ts or a contract still says otherwise.
it('declares every column as a freshly migrated database has it', async () => {
  await expect(await tableTypesSource(database.db as never)).toMatchFileSnapshot('./schema.generated.ts');
});
