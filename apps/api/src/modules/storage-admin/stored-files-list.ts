import { STORED_FILES_LIST, type StoredFileRow } from '@portal/contracts';
import { iso } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import type { ListRequest } from '../../http/list-request.js';
import { type ListPage, runList } from '../../list/list-sql.js';
import { referenceCountSql } from '../../storage/file-references.js';

/**
 * The stored files before the list's filters and order, each column named as STORED_FILES_LIST's field, in
 * a derived table (so `id` and `name` are unambiguous): the file, its company's name, and its reference
 * count computed from every table that references it (never a kept counter that could drift).
 */
export function storedFilesQuery(db: Kysely<DB>) {
  const rows = db
    .selectFrom('storedFiles')
    .leftJoin('organisations', 'organisations.id', 'storedFiles.organisationId')
    .select([
      'storedFiles.id as id',
      'storedFiles.name as name',
      'storedFiles.purpose as purpose',
      'storedFiles.container as container',
      'storedFiles.organisationId as organisationId',
      'organisations.legalName as organisationName',
      'organisations.obpNumber as obpNumber',
      'storedFiles.size as size',
      'storedFiles.mime as mime',
      'storedFiles.sha256 as sha256',
      'storedFiles.uploadedBy as uploadedBy',
      'storedFiles.createdAt as createdAt',
      referenceCountSql(sql.ref('stored_files.id')).as('referenceCount'),
      'storedFiles.version as version',
    ]);
  return db.selectFrom(rows.as('files')).selectAll();
}

type QueryRow = Awaited<ReturnType<ReturnType<typeof storedFilesQuery>['executeTakeFirstOrThrow']>>;

const rowOf = (row: QueryRow): StoredFileRow => ({
  ...row,
  size: Number(row.size),
  referenceCount: Number(row.referenceCount),
  createdAt: iso(row.createdAt),
});

/** GET /api/admin/files: a page of the stored files. */
export async function listStoredFiles(
  db: Kysely<DB>,
  request: ListRequest,
): Promise<ListPage<StoredFileRow>> {
  const query = storedFilesQuery(db);
  const page = await runList(db.withTables<{ files: QueryRow }>(), query, request, STORED_FILES_LIST);
  return { ...page, items: page.items.map(rowOf) };
}

/** One stored file as the list shows it (the upload's answer). */
export async function findStoredFileRow(db: Kysely<DB>, id: string): Promise<StoredFileRow> {
  const row = await storedFilesQuery(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No file ${id}`);
  return rowOf(row);
}
