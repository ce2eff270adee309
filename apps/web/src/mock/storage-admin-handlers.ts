import {
  FILE_IN_USE,
  type FilePurpose,
  fileFormSchema,
  storageAdminApi,
  storedFileRowSchema,
} from '@portal/contracts';
import type { StoredFileRow } from '@portal/demo-data';
import { containerName, FILE_REFERENCES, storageUsageOf } from '@portal/domain';
import type { HttpHandler } from 'msw';
import { actorOf } from './audit-trail';
import { bytesOf, readUpload } from './file-download';
import type { MockDb } from './mock-db';
import { apiError, errorList, type MockContext, mockRoute, validate } from './mock-http';
import { tableOf } from './mock-resource';

/** The API's default STORAGE_CONTAINER_PREFIX. */
const containerOf = (purpose: FilePurpose) => containerName('portal-', purpose);

/** The content's sha256, as the API computes it while storing ('' where the page has no crypto.subtle). */
async function sha256Of(content: string): Promise<string> {
  if (!globalThis.crypto?.subtle) return '';
  const digest = await crypto.subtle.digest('SHA-256', bytesOf(content));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** apps/api storage/file-references.ts: every record that names the file (domain FILE_REFERENCES). */
const referenceCountOf = (db: MockDb, fileId: string) =>
  FILE_REFERENCES.reduce((sum, { table, column }) => {
    const rows: readonly object[] = db[table];
    return sum + rows.filter((row) => Reflect.get(row, column) === fileId).length;
  }, 0);

/**
 * apps/api modules/storage-admin over the store (storageAdminApi): the list (STORED_FILES_LIST), usage per
 * container, upload, and delete only when unreferenced (409 FILE_IN_USE). Downloads are file-download.ts's.
 */
export function storageAdminHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const files = tableOf(context, 'storedFiles', 'storedFile', { missing: (id) => `No file ${id}` });
  // apps/api stored-files-list.ts: the file with its company's name and its reference count (the schema
  // keeps the answer's columns: never the content).
  const rowOf = async (file: StoredFileRow) =>
    storedFileRowSchema.parse({
      ...file,
      container: containerOf(file.purpose),
      organisationName: db.organisations.find((row) => row.id === file.organisationId)?.legalName ?? null,
      sha256: await sha256Of(file.content),
      referenceCount: referenceCountOf(db, file.id),
    });
  return [
    mockRoute(context, storageAdminApi.usage, async () => {
      const counts = db.storedFiles.map(({ purpose, size }) => ({ purpose, files: 1, bytes: size }));
      return storageUsageOf(counts, containerOf);
    }),
    mockRoute(context, storageAdminApi.list, async () => Promise.all(db.storedFiles.map(rowOf))),
    mockRoute(context, storageAdminApi.upload, async ({ body: form, request }) => {
      // The schema keeps the text fields; the file is checked below.
      const fields = validate(fileFormSchema, Object.fromEntries(form));
      if (!fields.ok) return fields.response;
      const { purpose, organisationId = null } = fields.value;
      if (organisationId && !db.organisations.some((row) => row.id === organisationId)) {
        const message = `No organisation ${organisationId}`;
        return errorList([{ code: 'INVALID_FIELD', field: 'organisationId', message }]);
      }
      // domain.md /admin/storage "upload": the purpose's rules (the content is not sniffed here), the row
      // and its CREATE audit row.
      const upload = await readUpload(form, purpose);
      if (upload instanceof Response) return upload;
      const { content, ...file } = upload;
      const uploadedBy = actorOf(context, request);
      const meta = { ...file, size: content.length, purpose, organisationId, uploadedBy, refCount: 0 };
      return rowOf(files.create(request, { ...meta, content }, { diff: meta }));
    }),
    mockRoute(context, storageAdminApi.remove, async ({ params, query, request }) =>
      files.remove(request, params.id, {
        version: query.version,
        check: (file) => {
          const references = referenceCountOf(db, file.id);
          const message = `The file is referenced by ${references} record(s)`;
          return references > 0 ? apiError(409, FILE_IN_USE, message) : undefined;
        },
        describe: ({ content: _bytes, ...row }) => row,
      }),
    ),
  ];
}
