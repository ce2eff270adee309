import type { Kysely } from 'kysely';
import { type DirectoryUser, findDirectoryUser } from '../accounts/directory-user.js';
import type { DB } from '../db/schema.js';
import type { SessionUser } from '../plugins/auth.js';

/** The directory's user behind a token: their id, their company, their access and status. */
export interface DirectoryCaller {
  userId: string;
  organisationId: string | null;
  access: DirectoryUser['access'];
  status: DirectoryUser['status'];
}

/** The portal user behind a token (accounts/directory-user.ts). */
export async function findCaller(db: Kysely<DB>, user: SessionUser): Promise<DirectoryCaller | undefined> {
  const row = await findDirectoryUser(db, user);
  if (!row) return undefined;
  return { userId: row.id, organisationId: row.organisationId, access: row.access, status: row.status };
}

/** Only an ACTIVE user acts for a company; INVITED (until they accept) and DISABLED do not. */
export const actsForCompany = (
  caller: DirectoryCaller,
): caller is DirectoryCaller & { status: 'ACTIVE'; access: 'FULL' | 'READ_ONLY' } =>
  caller.status === 'ACTIVE' && caller.access !== 'REVOKED';

/**
 * The organisation an EXTERNAL caller acts for, or null: no user row, no organisation, or a user who is not
 * active or whose access is revoked (domain.md User), who keeps a valid token until it expires.
 */
export async function callerOrganisationId(db: Kysely<DB>, user: SessionUser): Promise<string | null> {
  const caller = await findCaller(db, user);
  if (!caller || !actsForCompany(caller)) return null;
  return caller.organisationId;
}
