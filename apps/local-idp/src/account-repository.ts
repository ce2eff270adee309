import { hasCurrentCost, hashPassword, unusableHash, verifyPassword } from '@portal/api/accounts/passwords';
import { standingOf } from '@portal/api/accounts/user-standing';
import { writeAudit } from '@portal/api/db/audit';
import type { Database } from '@portal/api/node/database';
import type { PortalUser } from './claims.js';

/** The portal's Kysely instance (typed through the API, so both use the same kysely). */
export type PortalDb = Database['db'];

const USER_COLUMNS = [
  'id',
  'externalId',
  'email',
  'displayName',
  'roles',
  'status',
  'access',
  'passwordHash',
] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sign-in names compare case-insensitively, like the unique index on lower(email). */
export async function findUserByEmail(db: PortalDb, email: string): Promise<PortalUser | undefined> {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}

/** The user behind a token subject: the externalId when set, else the id (see subjectOf). */
export async function findUserBySubject(db: PortalDb, subject: string): Promise<PortalUser | undefined> {
  return (
    db
      .selectFrom('users')
      .select(USER_COLUMNS)
      // id is a uuid column: comparing it with any other text would be an error in PostgreSQL.
      .where((eb) =>
        UUID.test(subject)
          ? eb.or([eb('externalId', '=', subject), eb('id', '=', subject)])
          : eb('externalId', '=', subject),
      )
      .executeTakeFirst()
  );
}

/**
 * Whether an account may sign in (and renew its tokens): an active user the API would not refuse on every
 * route, as the claims endpoint answers B2C (an external user whose access is revoked too).
 */
export const maySignIn = (user: PortalUser): boolean => user.status === 'ACTIVE' && standingOf(user) === 'ok';

export type SignInOutcome =
  | { ok: true; user: PortalUser }
  /**
   * credentials: no such account, one that cannot sign in with a password here (invited, no hash), or a
   * wrong password; one reason, so nobody can tell which. locked: the right password of a refused account.
   */
  | { ok: false; reason: 'credentials' | 'locked' };

/**
 * Checks a sign-in against the users table, read afresh at every sign-in (roles change between them).
 * The password is hashed whether or not the address has one: an unknown address answers as a wrong
 * password does, in words and in time.
 */
export async function checkCredentials(
  db: PortalDb,
  signInName: string,
  password: string,
): Promise<SignInOutcome> {
  const found = await findUserByEmail(db, signInName);
  const user = found?.passwordHash && found.status !== 'INVITED' ? found : undefined;
  const matches = await verifyPassword(password, user?.passwordHash ?? unusableHash());
  if (!user || !matches) return { ok: false, reason: 'credentials' };
  // Said only after the password matched, so the page does not tell strangers which accounts are disabled.
  if (!maySignIn(user)) return { ok: false, reason: 'locked' };
  if (user.passwordHash && !hasCurrentCost(user.passwordHash)) await upgradeHash(db, user.id, password);
  return { ok: true, user };
}

/**
 * A hash of an older cost, stored again at today's: only the hash changes (no version, no audit line: it
 * is no edit of the account, and an administrator's open form on it stays valid).
 */
async function upgradeHash(db: PortalDb, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.updateTable('users').set({ passwordHash }).where('id', '=', userId).execute();
}

/** The only accounts a reset code is mailed to: existing and ACTIVE (resetPassword checks again). */
export async function findActiveUser(db: PortalDb, email: string): Promise<PortalUser | undefined> {
  const user = await findUserByEmail(db, email);
  return user?.status === 'ACTIVE' ? user : undefined;
}

export type ResetOutcome = { ok: true; user: PortalUser } | { ok: false; reason: 'unknown' | 'locked' };

/**
 * The reset policy: stores a new scrypt hash for an active account (also one that had none yet, such as
 * a user an administrator created), with the audit row domain.md asks for in the same transaction.
 */
export async function resetPassword(db: PortalDb, email: string, newPassword: string): Promise<ResetOutcome> {
  const user = await findUserByEmail(db, email);
  if (!user || user.status === 'INVITED') return { ok: false, reason: 'unknown' };
  if (user.status !== 'ACTIVE') return { ok: false, reason: 'locked' };
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({
        passwordHash,
        updatedAt: new Date(),
        updatedBy: user.email,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', user.id)
      .execute();
    // Never the hash in the diff.
    await writeAudit(trx, { actor: user.email, action: 'PASSWORD_RESET', entity: 'user', entityId: user.id });
  });
  return { ok: true, user: { ...user, passwordHash } };
}
