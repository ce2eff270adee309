import { randomBytes, scryptSync } from 'node:crypto';
import * as passwords from '@portal/api/accounts/passwords';
import { type Database, openDatabase } from '@portal/api/node/database';
import { migrate } from '@portal/api/node/migrate';
import { DEMO_PASSWORD } from '@portal/api/seed/demo-seed';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkCredentials } from './account-repository.js';
import { addAccount } from './test/accounts.js';

// Every password check goes through the real verifyPassword; the spy records the hash it was given.
vi.mock('@portal/api/accounts/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('@portal/api/accounts/passwords')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  await migrate(database);
  await addAccount(database.db, 'known@portal.test');
  await addAccount(database.db, 'invited@portal.test', { roles: ['EXTERNAL'], status: 'INVITED' });
  await addAccount(database.db, 'no-password@portal.test');
  await database.db
    .updateTable('users')
    .set({ passwordHash: null })
    .where('email', '=', 'no-password@portal.test')
    .execute();
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  vi.mocked(passwords.verifyPassword).mockClear();
});

/** scrypt$N$r$p of a stored hash: what its check costs. */
const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$');

describe('checkCredentials: an unknown address is answered as a wrong password, in words and in time', () => {
  it.each([
    ['a wrong password', 'known@portal.test', 'Wrong-password-1!'],
    ['an unknown address', 'nobody@portal.test', DEMO_PASSWORD],
    ['an invited account', 'invited@portal.test', DEMO_PASSWORD],
    ['an account without a password', 'no-password@portal.test', DEMO_PASSWORD],
  ])('%s: one reason, after checking the password against a hash', async (_case, email, password) => {
    expect(await checkCredentials(database.db, email, password)).toEqual({
      ok: false,
      reason: 'credentials',
    });
    expect(passwords.verifyPassword).toHaveBeenCalledTimes(1);
  });

  it('checks an address without a password against a hash of the cost a real password has', async () => {
    await checkCredentials(database.db, 'nobody@portal.test', DEMO_PASSWORD);
    const [[, stored]] = vi.mocked(passwords.verifyPassword).mock.calls as [[string, string]];
    expect(costOf(stored)).toBe(costOf(await passwords.hashPassword('any password')));
  });

  it('signs in the right password', async () => {
    expect(await checkCredentials(database.db, 'KNOWN@portal.test', DEMO_PASSWORD)).toMatchObject({
      ok: true,
    });
  });

  it("stores a hash of an older cost again at today's once its password matched, and only then", async () => {
    // OWASP's first setting (N=2^17, r=8, p=1), what hashes were made with before.
    const salt = randomBytes(16);
    const key = scryptSync(DEMO_PASSWORD, salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 2 ** 28 });
    const older = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await addAccount(database.db, 'older@portal.test');
    const stored = () =>
      database.db
        .selectFrom('users')
        .select(['passwordHash', 'version'])
        .where('email', '=', 'older@portal.test')
        .executeTakeFirstOrThrow();
    await database.db
      .updateTable('users')
      .set({ passwordHash: older })
      .where('email', '=', 'older@portal.test')
      .execute();
    const before = await stored();

    await checkCredentials(database.db, 'older@portal.test', 'Wrong-password-1!');
    expect((await stored()).passwordHash).toBe(older);

    expect(await checkCredentials(database.db, 'older@portal.test', DEMO_PASSWORD)).toMatchObject({
      ok: true,
    });
    const after = await stored();
    expect(passwords.hasCurrentCost(after.passwordHash ?? '')).toBe(true);
    expect(after.version).toBe(before.version);
    expect(await checkCredentials(database.db, 'older@portal.test', DEMO_PASSWORD)).toMatchObject({
      ok: true,
    });
  });
});
