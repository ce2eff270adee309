import type { AgreementTemplate } from '@portal/contracts';
import { iso } from '@portal/domain';
import { sql, type Transaction } from 'kysely';
import type { DB, Db } from '../db/schema.js';

/**
 * Publishing a template version and a company's contractual writes that read the current version (the
 * signed agreement's upload, the submission) take turns on this transaction-scoped advisory lock:
 * publishing holds it exclusively, the company's writes share it. Without it a company could submit on
 * version 1 while version 2 is being published, after the publication picked the agreements it sends
 * back. Both take it before any row lock, so they never wait on each other crosswise.
 */
const TEMPLATE_LOCK = 4_210_117;

export async function lockTemplatesExclusively(trx: Transaction<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${TEMPLATE_LOCK})`.execute(trx);
}

export async function lockTemplatesShared(trx: Transaction<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${TEMPLATE_LOCK})`.execute(trx);
}

function templatesQuery(db: Db) {
  return db
    .selectFrom('agreementTemplates as t')
    .innerJoin('storedFiles as f', 'f.id', 't.fileId')
    .select([
      't.version',
      't.publishedAt',
      't.publishedBy',
      'f.id as fileId',
      'f.name as fileName',
      'f.size as fileSize',
      'f.mime as fileMime',
    ])
    .orderBy('t.version', 'desc');
}

type TemplateRow = Awaited<ReturnType<ReturnType<typeof templatesQuery>['execute']>>[number];

const templateOf = (row: TemplateRow): AgreementTemplate => ({
  version: row.version,
  file: { id: row.fileId, name: row.fileName, size: row.fileSize, mime: row.fileMime },
  publishedAt: iso(row.publishedAt),
  publishedBy: row.publishedBy,
});

/** Every published version, newest first. */
export async function listAgreementTemplates(db: Db): Promise<AgreementTemplate[]> {
  return (await templatesQuery(db).execute()).map(templateOf);
}

/** The template a company signs now: the highest published version; undefined before the first one. */
export async function currentAgreementTemplate(db: Db): Promise<AgreementTemplate | undefined> {
  const row = await templatesQuery(db).limit(1).executeTakeFirst();
  return row ? templateOf(row) : undefined;
}

/** Whether a stored file is a published template (any version): every company may download those. */
export async function isPublishedTemplateFile(db: Db, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('agreementTemplates')
    .select('version')
    .where('fileId', '=', fileId)
    .executeTakeFirst();
  return row !== undefined;
}
