import { type CheckDetail, type CheckTeamwork, REVIEWER_ONLY_CHANGES } from '@portal/contracts';
import { checkDetailOf, checkFileIds, iso, type StoredAgreement } from '@portal/domain';
import { sql } from 'kysely';
import { loadOnboarding } from '../../company/application-repository.js';
import { billingOf } from '../../company/billing-details.js';
import { displayNamesOf } from '../../db/display-names.js';
import type { CheckRow, Db } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';

/** What the environment decides about the reviewer's actions. */
export interface ReviewRules {
  /** packages/domain CheckRules.testEnvironment: see reviews-routes.ts for where it comes from. */
  testEnvironment: boolean;
}

/** Every CheckEvent of the check, oldest first (domain checkEventsOf orders them alike). */
const eventsOf = (db: Db, checkId: string) =>
  db
    .selectFrom('checkEvents')
    .selectAll()
    .where('checkId', '=', checkId)
    .orderBy('at')
    .orderBy('id')
    .execute();

/** A diff's value at `name`, when it is text. */
const textAt = (diff: unknown, ...path: string[]): string | null => {
  const value = path.reduce<unknown>(
    (at, name) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[name] : null),
    diff,
  );
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * The reviewers' assignments of the check and notes on it, oldest first, read from its audit rows
 * (audit_log_entity_idx): who, when, whom an assignment gave it to, which note. A note's text is not
 * read here: it stays with the notes' own route.
 */
async function teamworkOf(db: Db, checkId: string): Promise<CheckTeamwork[]> {
  const rows = await db
    .selectFrom('auditLog')
    .select(['id', 'at', 'actor', 'action', sql<unknown>`diff - 'body'`.as('diff')])
    .where('entity', '=', 'check')
    .where('entityId', '=', checkId)
    .where('action', 'in', [...REVIEWER_ONLY_CHANGES])
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => {
    const action = REVIEWER_ONLY_CHANGES.find((one) => one === row.action);
    if (!action) return [];
    const attempt = (row.diff as { attempt?: unknown } | null)?.attempt;
    return [
      {
        id: String(row.id),
        at: iso(row.at),
        actor: row.actor,
        action,
        attempt: typeof attempt === 'number' ? attempt : null,
        assignee:
          action === 'ASSIGN_CHECK' || action === 'TAKE_CHECK' ? textAt(row.diff, 'assignee', 'to') : null,
        noteId: action === 'ADD_NOTE' ? textAt(row.diff, 'noteId') : null,
      },
    ];
  });
}

/** The stored files the reviewer reads to decide the check (packages/domain checkDocumentIds). */
async function documentsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('storedFiles')
    .select(['id', 'purpose', 'name', 'size', 'mime', 'createdAt'])
    .where('id', 'in', ids)
    .orderBy('createdAt')
    .execute();
}

const invoicingOf = (db: Db, organisationId: string) =>
  db
    .selectFrom('invoicingInformation')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .executeTakeFirst();

/**
 * The company's participation agreement with the PA_TICKBOX disclaimer its boxes were ticked on (the
 * reviewer reads what the company said), or undefined before it saved one.
 */
async function agreementOf(
  db: Db,
  organisationId: string,
): Promise<(StoredAgreement & { signedFileId: string | null }) | undefined> {
  const row = await db
    .selectFrom('participationAgreements')
    .select([
      'templateVersion',
      'signedFileId',
      'acceptedTerms',
      'confirmedAuthority',
      'tickBoxesDisclaimerId',
    ])
    .where('organisationId', '=', organisationId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { tickBoxesDisclaimerId, ...agreement } = row;
  const tickBoxes = tickBoxesDisclaimerId
    ? await db
        .selectFrom('disclaimerContents')
        .select(['versionNumber', 'title', 'body'])
        .where('id', '=', tickBoxesDisclaimerId)
        .executeTakeFirst()
    : undefined;
  return { ...agreement, tickBoxes: tickBoxes ?? null };
}

/** The check row, or 404. */
export async function findCheck(db: Db, id: string): Promise<CheckRow> {
  const check = await db.selectFrom('checks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!check) throw notFound(`No check ${id}`);
  return check;
}

/**
 * GET /api/checks/{id}: the check as the reviewer's detail view shows it (contracts checkDetailSchema),
 * computed by packages/domain checkDetailOf from the rows read here.
 */
export async function loadCheckDetail(
  db: Db,
  id: string,
  rules: ReviewRules,
  now = new Date(),
): Promise<CheckDetail> {
  const check = await findCheck(db, id);
  // The company's data as its own legitimacy step shows it, read-only for the reviewer.
  const onboarding = await loadOnboarding(db, check.organisationId, 'READ_ONLY');
  const { company, spoc, spocAssistant, authorisedRepresentative, mahs } = onboarding;
  const agreement = check.type === 'CONTRACTUAL' ? await agreementOf(db, check.organisationId) : undefined;
  const invoicing = check.type === 'FINANCIAL' ? await invoicingOf(db, check.organisationId) : undefined;
  const application = { company, spoc, spocAssistant, authorisedRepresentative, mahs };
  const rows = { check, application, agreement, invoicing };
  // packages/domain checkDetailOf: the files read are the check's documents.
  const detail = checkDetailOf({
    ...rows,
    organisation: onboarding.organisation,
    files: await documentsOf(db, checkFileIds(rows)),
    events: await eventsOf(db, check.id),
    billingDetails: invoicing ? billingOf(invoicing.billing) : null,
    testEnvironment: rules.testEnvironment,
    now,
  });
  const teamwork = await teamworkOf(db, check.id);
  // The reviewer reads people, not addresses: who the check, its attempts and its timeline name.
  const { check: named, attempts, events } = detail;
  const actors = [named.assignee, named.decidedBy, ...attempts.map((attempt) => attempt.decidedBy)];
  const timeline = [
    ...events.map((event) => event.actor),
    ...teamwork.flatMap((work) => [work.actor, work.assignee]),
  ];
  return { ...detail, teamwork, people: await displayNamesOf(db, [...actors, ...timeline]) };
}
