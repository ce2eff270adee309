import type { CheckSummary, MahInput, Onboarding } from '@portal/contracts';
import { type CheckType, iso } from '@portal/domain';
import { type Selectable, sql } from 'kysely';
import type { CheckRow, ContactsTable, Db } from '../db/schema.js';
import { notFound } from '../http/api-error.js';
import {
  companyOf,
  contactOf,
  eeaCountriesOf,
  eeaCountryOf,
  fromRequiredColumn,
} from './application-columns.js';

type ContactRow = Selectable<ContactsTable>;
export type ContactKind = ContactRow['kind'];

/** The organisation's contact of each kind: the oldest row, should a kind ever have two. */
export async function contactsByKind(
  db: Db,
  organisationId: string,
): Promise<Partial<Record<ContactKind, ContactRow>>> {
  const rows = await db
    .selectFrom('contacts')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const byKind: Partial<Record<ContactKind, ContactRow>> = {};
  for (const row of rows) byKind[row.kind] ??= row;
  return byKind;
}

/** domain.md: the organisation type is locked after the first submission. */
export const isOrgTypeLocked = (check: CheckRow | undefined): boolean =>
  check !== undefined && check.attempt >= 1;

const checkSummaryOf = (row: CheckRow): CheckSummary => ({
  status: row.status,
  attempt: row.attempt,
  submittedAt: iso(row.submittedAt),
  slaDueAt: iso(row.slaDueAt),
  reason: row.reason,
  decidedAt: iso(row.decidedAt),
});

/** A MAH of the register: its fields, its id and whether it is active. */
export type RegisteredMah = MahInput & { id: string; active: boolean; createdAt: Date };

/**
 * The organisation's MAHs with their products, in the order the company entered them: every one, or
 * only the active ones (the legitimacy step's, and the ones the fee follows).
 */
export async function registeredMahs(
  db: Db,
  organisationId: string,
  options: { activeOnly?: boolean } = {},
): Promise<RegisteredMah[]> {
  let query = db.selectFrom('mahs').selectAll().where('organisationId', '=', organisationId);
  if (options.activeOnly) query = query.where('active', '=', true);
  const mahs = await query.orderBy('createdAt').orderBy('id').execute();
  if (mahs.length === 0) return [];
  const products = await db
    .selectFrom('mahProducts')
    .selectAll()
    .where(
      'mahId',
      'in',
      mahs.map((mah) => mah.id),
    )
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return mahs.map((mah) => ({
    id: mah.id,
    active: mah.active,
    createdAt: new Date(mah.createdAt),
    name: fromRequiredColumn(mah.name),
    country: eeaCountryOf(mah.country),
    activeIn: eeaCountriesOf(mah.activeIn),
    website: mah.website,
    phone: mah.phone,
    email: mah.email,
    licences: mah.licences,
    products: products
      .filter((product) => product.mahId === mah.id)
      .map((product) => ({
        name: fromRequiredColumn(product.name),
        productCode: product.productCode,
        countries: eeaCountriesOf(product.countries),
      })),
  }));
}

/** The organisation's active MAHs as the legitimacy step shows them (no ids). */
async function activeMahs(db: Db, organisationId: string): Promise<MahInput[]> {
  const mahs = await registeredMahs(db, organisationId, { activeOnly: true });
  return mahs.map(({ id: _id, active: _active, createdAt: _createdAt, ...mah }) => mah);
}

/**
 * GET /api/onboarding: the organisation's whole application as the legitimacy step shows it
 * (contracts onboardingSchema). Works inside a transaction too, so the submission checks what it saves.
 */
export async function loadOnboarding(
  db: Db,
  organisationId: string,
  access: Onboarding['access'],
): Promise<Onboarding> {
  const organisation = await db
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', organisationId)
    .executeTakeFirst();
  if (!organisation) throw notFound(`No organisation ${organisationId}`);
  const contacts = await contactsByKind(db, organisationId);
  const mahs = await activeMahs(db, organisationId);
  const checks = await db
    .selectFrom('checks')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .execute();

  const assistant = contacts.SPOC_ASSISTANT;
  const assistantUser =
    assistant && assistant.email !== ''
      ? await db
          .selectFrom('users')
          .select('status')
          .where('organisationId', '=', organisationId)
          .where(sql`lower(email)`, '=', assistant.email.toLowerCase())
          .executeTakeFirst()
      : undefined;
  const representative = contacts.AUTHORISED_REPRESENTATIVE;
  const proofId = representative?.copyOfProofFileId ?? null;
  const proof = proofId
    ? await db
        .selectFrom('storedFiles')
        .select(['id', 'name', 'size', 'mime'])
        .where('id', '=', proofId)
        .executeTakeFirst()
    : undefined;

  const checkOf = (type: CheckType) => checks.find((check) => check.type === type);
  const summaryOf = (type: CheckType) => {
    const row = checkOf(type);
    return row ? checkSummaryOf(row) : null;
  };
  const emptyContact = { firstName: null, lastName: null, function: null, email: null, phone: null };
  return {
    organisation: {
      id: organisation.id,
      obpNumber: organisation.obpNumber,
      stage: organisation.stage,
      version: organisation.version,
      orgTypeLocked: isOrgTypeLocked(checkOf('LEGITIMACY')),
    },
    company: companyOf(organisation),
    spoc: contacts.SPOC ? contactOf(contacts.SPOC) : emptyContact,
    spocAssistant: assistant ? { ...contactOf(assistant), status: assistantUser?.status ?? null } : null,
    authorisedRepresentative: {
      ...(representative ? contactOf(representative) : emptyContact),
      copyOfProof: proof ?? null,
    },
    mahs,
    // Each check type's state; null before its first submission (no row yet).
    checks: {
      LEGITIMACY: summaryOf('LEGITIMACY'),
      CONTRACTUAL: summaryOf('CONTRACTUAL'),
      FINANCIAL: summaryOf('FINANCIAL'),
    },
    access,
  };
}
