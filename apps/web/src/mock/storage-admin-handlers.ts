import {
  FILE_IN_USE,
  FILE_PURPOSES,
  type FilePurpose,
  fileFormSchema,
  type StoredFileRow,
  storageAdminApi,
} from '@portal/contracts';
import { extensionOf, isAllowedExtension, maxBytes } from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { MockAuditLog } from './audit-log';
import { fileDownloadRoute } from './file-download';
import { demoId, MOCK_ORGANISATIONS } from './mock-data';
import { apiError, MOCK_ACTOR, type MockContext, validate, versionConflict } from './mock-http';
import { mockRoute } from './mock-route';

/** A stored file in memory: the row the API answers and its bytes, for GET /api/files/:id. */
export interface MockStoredFile extends StoredFileRow {
  bytes: Uint8Array<ArrayBuffer>;
}

export interface MockStorage {
  readonly files: MockStoredFile[];
}

/** apps/api storage file-storage.ts containerName, with the default prefix. */
const containerOf = (purpose: FilePurpose) => `portal-${purpose.toLowerCase().replaceAll('_', '-')}`;

const MIMES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  csr: 'application/pkcs10',
};

/** The sha256 of the bytes, as the API computes it while storing. */
export async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const DEMO_PDF = new TextEncoder().encode('%PDF-1.4\n% demo file of mock mode\n%%EOF\n');
/** DEMO_PDF's sha256 (storage-admin-handlers.test.ts computes it again), so the demo data is built at once. */
export const DEMO_PDF_SHA256 = '30afe4c9e36c8b7fe504de33f36af2f8484b7737580ab7a1a331affabbcca73c';

/** The demo files: the agreement template (referenced, so it cannot be deleted), proofs and a loose document. */
export function createMockStorage(): MockStorage {
  const hash = DEMO_PDF_SHA256;
  const company = MOCK_ORGANISATIONS[0];
  const demo = (
    n: number,
    name: string,
    purpose: FilePurpose,
    referenceCount: number,
    owned: boolean,
    at: string,
  ): MockStoredFile => ({
    id: demoId('f1', n),
    name,
    purpose,
    container: containerOf(purpose),
    organisationId: owned && company ? company.id : null,
    organisationName: owned && company ? company.legalName : null,
    size: DEMO_PDF.length,
    mime: 'application/pdf',
    sha256: hash,
    uploadedBy: MOCK_ACTOR,
    createdAt: new Date(`${at}T10:00:00Z`).toISOString(),
    referenceCount,
    version: 1,
    bytes: DEMO_PDF,
  });
  return {
    files: [
      demo(1, 'Participation agreement v1.pdf', 'AGREEMENT_TEMPLATE', 1, false, '2026-01-05'),
      demo(2, 'Passport scan.pdf', 'COPY_OF_PROOF', 1, true, '2026-02-10'),
      demo(3, 'Signed agreement.pdf', 'SIGNED_AGREEMENT', 1, true, '2026-03-01'),
      demo(4, 'Onboarding guide.pdf', 'DOCUMENT', 0, false, '2026-03-15'),
    ],
  };
}

/** The answer's row: the file without its bytes. */
const rowOf = ({ bytes: _bytes, ...row }: MockStoredFile): StoredFileRow => row;

export interface StorageAdminHandlersOptions {
  storage: MockStorage;
  audit?: MockAuditLog;
}

/**
 * apps/api modules/storage-admin in memory (storageAdminApi): the list (STORED_FILES_LIST), usage per
 * container, upload (the container's extensions and size limit; the content is not sniffed here), delete
 * only when unreferenced (409 FILE_IN_USE), and filesApi.download for these files.
 */
export function storageAdminHandlers(
  context: MockContext,
  options: StorageAdminHandlersOptions,
): HttpHandler[] {
  const { files } = options.storage;
  const organisations = new Map(MOCK_ORGANISATIONS.map((organisation) => [organisation.id, organisation]));
  return [
    mockRoute(context, storageAdminApi.usage, async () => {
      const containers = FILE_PURPOSES.map((purpose) => {
        const inside = files.filter((file) => file.purpose === purpose);
        return {
          purpose,
          container: containerOf(purpose),
          files: inside.length,
          bytes: inside.reduce((sum, file) => sum + file.size, 0),
        };
      });
      return {
        containers,
        totalFiles: files.length,
        totalBytes: containers.reduce((sum, row) => sum + row.bytes, 0),
      };
    }),
    mockRoute(context, storageAdminApi.list, async () => files.map(rowOf)),
    mockRoute(context, storageAdminApi.upload, async ({ body: form }) => {
      const fields = validate(fileFormSchema, {
        purpose: form.get('purpose') ?? undefined,
        organisationId: form.get('organisationId') ?? undefined,
      });
      if (!fields.ok) return fields.response;
      const { purpose, organisationId } = fields.value;
      const organisation = organisationId ? organisations.get(organisationId) : undefined;
      if (organisationId && !organisation) {
        const message = `No organisation ${organisationId}`;
        return HttpResponse.json([{ code: 'INVALID_FIELD', field: 'organisationId', message }], {
          status: 400,
        });
      }
      const file = form.get('file');
      // Not `instanceof File`: the request's File may come from another realm (msw in a test's jsdom).
      if (file === null || typeof file === 'string') {
        return apiError(400, 'BAD_REQUEST', 'Send one file in the field "file"');
      }
      if (!isAllowedExtension(purpose, file.name)) {
        return apiError(400, '111', `.${extensionOf(file.name)} is not allowed here`);
      }
      if (file.size > maxBytes(purpose)) return apiError(413, 'FILE_TOO_LARGE', 'The file is too large');
      const bytes = new Uint8Array(await file.arrayBuffer());
      const stored: MockStoredFile = {
        id: context.newId(),
        name: file.name,
        purpose,
        container: containerOf(purpose),
        organisationId: organisation?.id ?? null,
        organisationName: organisation?.legalName ?? null,
        size: bytes.length,
        mime: MIMES[extensionOf(file.name)] ?? 'application/octet-stream',
        sha256: await sha256(bytes),
        uploadedBy: MOCK_ACTOR,
        createdAt: new Date().toISOString(),
        referenceCount: 0,
        version: 1,
        bytes,
      };
      files.push(stored);
      options.audit?.write({
        actor: MOCK_ACTOR,
        action: 'CREATE',
        entity: 'storedFile',
        entityId: stored.id,
        diff: rowOf(stored),
      });
      return rowOf(stored);
    }),
    mockRoute(context, storageAdminApi.remove, async ({ params, query }) => {
      const index = files.findIndex((file) => file.id === params.id);
      const file = files[index];
      if (!file) return apiError(404, 'NOT_FOUND', `No file ${params.id}`);
      if (query.version !== undefined && query.version !== file.version) return versionConflict();
      if (file.referenceCount > 0) {
        return apiError(409, FILE_IN_USE, `The file is referenced by ${file.referenceCount} record(s)`);
      }
      files.splice(index, 1);
      options.audit?.write({
        actor: MOCK_ACTOR,
        action: 'DELETE',
        entity: 'storedFile',
        entityId: file.id,
        diff: rowOf(file),
      });
      return undefined;
    }),
    // Only this resource's files; any other id falls through to the other handlers of the download.
    fileDownloadRoute(context, (id) => files.find((file) => file.id === id)),
  ];
}
