import type { DisclaimerContent, DisclaimerDraftInput, DisclaimerDraftUpdate } from '@portal/contracts';
import {
  draftExistsRefusal,
  draftOnlyRefusal,
  isoDates,
  newDraftOf,
  publishDiffs,
  publishRefusal,
} from '@portal/domain';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { writeAudit } from '../../db/audit.js';
import { UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB, DisclaimerContentsTable } from '../../db/schema.js';
import { deleteAtVersion, lockRow, updateAtVersion } from '../../db/versioned-rows.js';
import { ApiError, notFound, refusalError, versionConflict } from '../../http/api-error.js';

/** The AuditLog's entity name of a disclaimer version (contractual-step.ts names acceptances alike). */
export const DISCLAIMER_ENTITY = 'disclaimerContent';

type Row = Selectable<DisclaimerContentsTable>;

/** packages/domain disclaimer-versions.ts's refusal as the error the API answers. */

const ref = (id: string) => ({
  table: 'disclaimerContents' as const,
  entity: DISCLAIMER_ENTITY,
  id,
  missing: `No disclaimer content ${id}`,
});

/**
 * Every version with who published it: the actor of its latest PUBLISH audit row (written in the publishing
 * transaction), so an archived version still names its publisher.
 */
export const disclaimerContentsQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('disclaimerContents')
    .selectAll('disclaimerContents')
    .select((eb) =>
      eb
        .selectFrom('auditLog')
        .select('auditLog.actor')
        .where('auditLog.entity', '=', DISCLAIMER_ENTITY)
        .where('auditLog.action', '=', 'PUBLISH')
        .where('auditLog.entityId', '=', sql<string>`disclaimer_contents.id::text`)
        .orderBy('auditLog.id', 'desc')
        .limit(1)
        .as('publishedBy'),
    );

/** A row as the contract answers it: its columns (timestamps as ISO strings) and who published it. */
export const toDto = ({ publishedBy, ...row }: Row & { publishedBy: string | null }): DisclaimerContent => ({
  ...isoDates(row),
  publishedBy: row.status === 'DRAFT' ? null : (publishedBy ?? null),
});

export async function getDisclaimerContent(db: Kysely<DB>, id: string): Promise<DisclaimerContent> {
  const row = await disclaimerContentsQuery(db).where('disclaimerContents.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No disclaimer content ${id}`);
  return toDto(row);
}

/**
 * domain.md DisclaimerContent: a new draft of a type, numbered the type's next version. One draft per type
 * at a time (409 DISCLAIMER_DRAFT_EXISTS): two drafts racing for the same number meet the unique
 * (type, version_number) key and answer the same 409.
 */
export async function createDisclaimerDraft(
  db: Kysely<DB>,
  { type, ...draft }: DisclaimerDraftInput,
  actor: string,
): Promise<DisclaimerContent> {
  try {
    const row = await db.transaction().execute(async (trx) => {
      const ofType = await trx
        .selectFrom('disclaimerContents')
        .select(['status', 'versionNumber'])
        .where('type', '=', type)
        .execute();
      const next = newDraftOf(type, ofType);
      if ('refusal' in next) throw refusalError(next.refusal);
      const created = await trx
        .insertInto('disclaimerContents')
        .values({
          type,
          versionNumber: next.versionNumber,
          status: 'DRAFT',
          ...draft,
          createdBy: actor,
          updatedBy: actor,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        actor,
        action: 'CREATE',
        entity: DISCLAIMER_ENTITY,
        entityId: created.id,
        diff: { type: created.type, versionNumber: created.versionNumber, ...draft },
      });
      return created;
    });
    return toDto({ ...row, publishedBy: null });
  } catch (error) {
    if (violates(error, UNIQUE_VIOLATION)) throw refusalError(draftExistsRefusal(type));
    throw error;
  }
}

const refuseUnlessDraft = async (_trx: Transaction<DB>, before: Row) => {
  const refusal = draftOnlyRefusal(before);
  if (refusal) throw refusalError(refusal);
};

/** A draft's new title, body and acceptance flag, at the version the editor read (409 when stale). */
export async function updateDisclaimerDraft(
  db: Kysely<DB>,
  id: string,
  { version, ...changes }: DisclaimerDraftUpdate,
  actor: string,
): Promise<DisclaimerContent> {
  const row = await updateAtVersion(db, ref(id), {
    version,
    changes,
    actor,
    check: refuseUnlessDraft,
  });
  return toDto({ ...row, publishedBy: null });
}

/** Deletes a draft (a published or archived version is history and stays). */
export async function deleteDisclaimerDraft(db: Kysely<DB>, id: string, actor: string, version?: number) {
  await deleteAtVersion(db, ref(id), { version, actor, check: refuseUnlessDraft });
}

/**
 * domain.md /admin/disclaimer-contents: "publish (archives the previous version)". In ONE transaction, with
 * the draft locked at the version the administrator read (409 when stale): the type's published version
 * becomes ARCHIVED and the draft PUBLISHED, each with its audit row. The partial unique index (one
 * PUBLISHED per type) makes a concurrent publish of the same type fail rather than leave two.
 * A PA_TICKBOX text must hold the onboarding's two statements (packages/domain tickBoxStatements): the
 * boxes read the published text, so a text without them would take the boxes away.
 */
export async function publishDisclaimerDraft(
  db: Kysely<DB>,
  id: string,
  version: number,
  actor: string,
): Promise<DisclaimerContent> {
  try {
    await db.transaction().execute(async (trx) => {
      const draft = await lockRow(trx, ref(id));
      if (draft.version !== version) throw versionConflict();
      const refusal = publishRefusal(draft);
      if (refusal) throw refusalError(refusal);
      const now = new Date();
      const previous = await trx
        .selectFrom('disclaimerContents')
        .selectAll()
        .where('type', '=', draft.type)
        .where('status', '=', 'PUBLISHED')
        .forUpdate()
        .executeTakeFirst();
      if (previous) {
        await trx
          .updateTable('disclaimerContents')
          .set({ status: 'ARCHIVED', updatedBy: actor, updatedAt: now, version: sql<number>`version + 1` })
          .where('id', '=', previous.id)
          .execute();
        await writeAudit(trx, {
          actor,
          action: 'ARCHIVE',
          entity: DISCLAIMER_ENTITY,
          entityId: previous.id,
          diff: publishDiffs(draft, previous).archive,
        });
      }
      await trx
        .updateTable('disclaimerContents')
        .set({
          status: 'PUBLISHED',
          publishedAt: now,
          updatedBy: actor,
          updatedAt: now,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', id)
        .execute();
      await writeAudit(trx, {
        actor,
        action: 'PUBLISH',
        entity: DISCLAIMER_ENTITY,
        entityId: id,
        diff: publishDiffs(draft, previous).publish,
      });
    });
  } catch (error) {
    if (violates(error, UNIQUE_VIOLATION)) {
      throw new ApiError(409, 'VERSION_CONFLICT', 'Another version was published at the same time; reload');
    }
    throw error;
  }
  return getDisclaimerContent(db, id);
}
