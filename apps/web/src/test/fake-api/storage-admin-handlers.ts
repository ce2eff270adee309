import {
  FILE_IN_USE,
  type FilePurpose,
  fileFormSchema,
  filesApi,
  storageAdminApi,
  storedFileRowSchema,
} from '@portal/contracts';
import type { StoredFileRow } from '@portal/demo-data';
import { containerName, FILE_REFERENCES, mayReadFile, storageUsageOf, uploadRefusal } from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { byId, type MockDb } from './mock-db';
import {
  actorOf,
  apiError,
  callerOf,
  errorList,
  type MockContext,
  mockRoute,
  refused,
  validate,
} from './mock-http';
import { tableOf } from './mock-resource';

/*
 * The store's files (apps/api storage and modules/storage-admin): an upload's file read by its purpose's
 * rules, the download of any file the caller may read, and the administrators' storage screen.
 */

/**
 * A stored file's bytes are kept as a latin1 string (one character a byte), so the store stays JSON. These
 * two convert to and from it.
 */
const contentOf = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
const bytesOf = (content: string) => Uint8Array.from(content, (char) => char.charCodeAt(0));

/**
 * An upload's one file (the multipart field "file") by its purpose's rules (domain uploadRefusal: the
 * extension 111, the size 413): its name, type and content, or the refusal to answer.
 */
export async function readUpload(form: FormData, purpose: FilePurpose) {
  const file = form.get('file');
  // Not `instanceof File`: the request's File may come from another realm (msw in a test's jsdom).
  if (file === null || typeof file === 'string') {
    return apiError(400, 'BAD_REQUEST', 'Send one file in the field "file"');
  }
  const refusal = refused(uploadRefusal(purpose, file.name, file.size));
  if (refusal) return refusal;
  const content = contentOf(new Uint8Array(await file.arrayBuffer()));
  return { name: file.name, mime: file.type || 'application/octet-stream', content };
}

/**
 * filesApi.download (GET /api/files/:id): any stored file the caller may read (domain mayReadFile), as the
 * API streams it (its type, length and attachment name), else 404.
 */
export const fileDownloadRoute = (context: MockContext): HttpHandler =>
  mockRoute(context, filesApi.download, async ({ params, request }) => {
    const { db } = context;
    const file = byId(db.storedFiles, params.id);
    const caller = callerOf(context, request);
    const publishedTemplate = db.agreementTemplates.some((template) => template.fileId === params.id);
    if (!file || !caller || !mayReadFile(caller, file, publishedTemplate)) {
      return apiError(404, 'NOT_FOUND', `No file ${params.id}`);
    }
    const bytes = bytesOf(file.content);
    return new HttpResponse(bytes, {
      headers: {
        'content-type': file.mime,
        'content-length': String(bytes.length),
        'content-disposition': `attachment; filename="${file.name.replaceAll('"', '')}"`,
      },
    });
  });

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
 * container, upload, and delete only when unreferenced (409 FILE_IN_USE).
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
      organisationName: byId(db.organisations, file.organisationId)?.legalName ?? null,
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
      if (fields instanceof Response) return fields;
      const { purpose, organisationId = null } = fields;
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
      files.remove(request, params.id, query.version, ({ content: _bytes, ...file }) => {
        const references = referenceCountOf(db, file.id);
        const message = `The file is referenced by ${references} record(s)`;
        return references > 0 ? apiError(409, FILE_IN_USE, message) : { diff: file };
      }),
    ),
  ];
}
