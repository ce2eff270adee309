import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.js';
import { createTestDatabase } from '../test/test-database.js';
import { createAudited, deleteAtVersion, updateAtVersion } from './versioned-rows.js';

const database = createTestDatabase();
afterAll(async () => (await database).close());

const ENTITY = { table: 'links' as const, entity: 'link' };
const ref = (id: string, listId = 'footer-links') => ({
  ...ENTITY,
  id,
  scope: { listId },
  missing: `No link ${id}`,
});
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let id: string;
beforeEach(async () => {
  const { db } = await database;
  await db.deleteFrom('links').execute();
  await db.deleteFrom('auditLog').execute();
  const row = await createAudited(
    db,
    ENTITY,
    { listId: 'footer-links', label: 'Help', link: 'https://a.example' },
    'ann',
  );
  id = row.id;
});

const audit = async () =>
  (await database).db.selectFrom('auditLog').select(['actor', 'action', 'diff']).orderBy('id').execute();
const stored = async () =>
  (await database).db.selectFrom('links').selectAll().where('id', '=', id).executeTakeFirst();
const update = async (version: number, label: string, listId?: string) =>
  updateAtVersion((await database).db, ref(id, listId), { version, changes: { label }, actor: 'bob' });

describe('one versioned write: the row, its audit row, one transaction, 409 when stale', () => {
  it('creates with version 1, stamped with the actor, and a CREATE audit row', async () => {
    expect(await stored()).toMatchObject({ version: 1, createdBy: 'ann', updatedBy: 'ann' });
    expect(await audit()).toMatchObject([{ actor: 'ann', action: 'CREATE' }]);
  });

  it('updates at the stored version: version + 1, and the audit row holds only what changed', async () => {
    const row = await update(1, 'Help desk');
    expect(row).toMatchObject({ label: 'Help desk', version: 2, updatedBy: 'bob' });
    expect((await audit())[1]).toMatchObject({
      action: 'UPDATE',
      diff: { label: { from: 'Help', to: 'Help desk' } },
    });
  });

  it('refuses a stale version with 409 VERSION_CONFLICT, and keeps the first change', async () => {
    await update(1, 'First');
    await expect(update(1, 'Second')).rejects.toMatchObject({ statusCode: 409, code: 'VERSION_CONFLICT' });
    expect(await stored()).toMatchObject({ label: 'First', version: 2 });
    expect(await audit()).toHaveLength(2);
  });

  it('gives one success and one 409 to two concurrent writers at the same version', async () => {
    const results = await Promise.allSettled([update(1, 'One'), update(1, 'Two')]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await stored()).toMatchObject({ version: 2 });
  });

  it('answers 404 for a missing row and for a row outside its scope', async () => {
    const { db } = await database;
    await expect(
      updateAtVersion(db, ref(UNKNOWN), { version: 1, changes: { label: 'x' }, actor: 'bob' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(update(1, 'x', 'other-list')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('writes nothing when a further check refuses, or when the audit write fails', async () => {
    const { db } = await database;
    const refuse = async () => {
      throw new ApiError(409, 'IN_USE', 'in use');
    };
    await expect(
      updateAtVersion(db, ref(id), { version: 1, changes: { label: 'x' }, actor: 'bob', check: refuse }),
    ).rejects.toMatchObject({ code: 'IN_USE' });
    // An audit diff PostgreSQL cannot store (a NUL character): the update is rolled back with it.
    await expect(
      updateAtVersion(db, ref(id), { version: 1, changes: { label: 'bad\u0000' }, actor: 'bob' }),
    ).rejects.toThrow();
    expect(await stored()).toMatchObject({ label: 'Help', version: 1 });
    expect(await audit()).toHaveLength(1);
  });

  it('deletes at the version given (409 when stale), or at any version, with a DELETE audit row', async () => {
    const { db } = await database;
    await expect(deleteAtVersion(db, ref(id), { version: 2, actor: 'bob' })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await stored()).toBeDefined();
    await deleteAtVersion(db, ref(id), {
      version: 1,
      actor: 'bob',
      describe: (row) => ({ label: row.label }),
    });
    expect(await stored()).toBeUndefined();
    expect((await audit()).at(-1)).toMatchObject({ action: 'DELETE', diff: { label: 'Help' } });
    await expect(deleteAtVersion(db, ref(id), { actor: 'bob' })).rejects.toMatchObject({ statusCode: 404 });
  });
});
