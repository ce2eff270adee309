import {
  type ApplicationRows,
  applicationOf,
  contactsByKind as byKind,
  type Onboarding,
  type RegisteredMah,
  registerOf,
  type StoredFileSummary,
} from '@portal/contracts';
import type { Selectable } from 'kysely';
import type { ContactsTable, Db, Organisation } from '../db/schema.js';
import { notFound } from '../http/api-error.js';

type ContactRow = Selectable<ContactsTable>;
export type ContactKind = ContactRow['kind'];

/** The organisation's contact of each kind: the oldest row, should a kind ever have two. */
export async function contactsByKind(
  db: Db,
  organisationId: string,
): Promise<Partial<Record<ContactKind, ContactRow>>> {
  return byKind(
    await db.selectFrom('contacts').selectAll().where('organisationId', '=', organisationId).execute(),
  );
}

/** The organisation's MAHs and their products, as stored (every one, or only the active ones). */
async function mahRows(db: Db, organisationId: string, options: { activeOnly?: boolean } = {}) {
  let query = db.selectFrom('mahs').selectAll().where('organisationId', '=', organisationId);
  if (options.activeOnly) query = query.where('active', '=', true);
  const mahs = await query.execute();
  const ids = mahs.map((mah) => mah.id);
  const products =
    ids.length === 0
      ? []
      : await db.selectFrom('mahProducts').selectAll().where('mahId', 'in', ids).execute();
  return { mahs, products };
}

/**
 * The organisation's MAHs with their products, in the order the company entered them (contracts
 * registerOf): every one, or only the active ones; with when each was entered (a new one comes after).
 */
export async function registeredMahs(
  db: Db,
  organisationId: string,
  options: { activeOnly?: boolean } = {},
): Promise<Array<RegisteredMah & { createdAt: Date }>> {
  const { mahs, products } = await mahRows(db, organisationId, options);
  const enteredAt = new Map(mahs.map((mah) => [mah.id, new Date(mah.createdAt)]));
  return registerOf(mahs, products).map((mah) => ({ ...mah, createdAt: enteredAt.get(mah.id) as Date }));
}

/** The stored files of these ids (those the answer shows), none for none. */
async function filesNamed(
  db: Db,
  ids: ReadonlyArray<string | null | undefined>,
): Promise<StoredFileSummary[]> {
  const named = ids.filter((id): id is string => typeof id === 'string');
  if (named.length === 0) return [];
  return db
    .selectFrom('storedFiles')
    .select(['id', 'name', 'size', 'mime'])
    .where('id', 'in', named)
    .execute();
}

/**
 * The rows of an organisation's application (contracts ApplicationRows). Works inside a transaction too,
 * so the submission checks what it saves.
 */
export async function applicationRows(
  db: Db,
  organisationId: string,
  /** Further files the caller's answer names (GET /api/onboarding's agreement, form, CSRs): one read. */
  alsoFiles: ReadonlyArray<string | null | undefined> = [],
): Promise<ApplicationRows & { organisation: Organisation }> {
  const organisation = await db
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', organisationId)
    .executeTakeFirst();
  if (!organisation) throw notFound(`No organisation ${organisationId}`);
  const contacts = await db
    .selectFrom('contacts')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .execute();
  const checks = await db
    .selectFrom('checks')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .execute();
  const { mahs, products } = await mahRows(db, organisationId);
  const users = await db
    .selectFrom('users')
    .select(['id', 'createdAt', 'displayName', 'email', 'obpRole', 'access', 'status'])
    .select(['disabledBy', 'revokedBy'])
    .where('organisationId', '=', organisationId)
    .execute();
  // An invitation of an address that has an account shows as the invited user a new address makes.
  const invitations = await db
    .selectFrom('personInvitations')
    .select(['id', 'createdAt', 'displayName', 'email', 'obpRole', 'access'])
    .where('organisationId', '=', organisationId)
    .execute();
  const invited = invitations.map((invitation) => ({
    ...invitation,
    status: 'INVITED' as const,
    disabledBy: null,
    revokedBy: null,
  }));
  const files = await filesNamed(db, [...contacts.map((contact) => contact.copyOfProofFileId), ...alsoFiles]);
  return { organisation, contacts, checks, mahs, products, users: [...users, ...invited], files };
}

/**
 * The organisation's whole application as the legitimacy step shows it (contracts onboardingSchema,
 * applicationOf): the reviewers' check detail and the legitimacy submission read it.
 */
export async function loadOnboarding(
  db: Db,
  organisationId: string,
  access: Onboarding['access'],
): Promise<Onboarding> {
  return applicationOf(await applicationRows(db, organisationId), access);
}
