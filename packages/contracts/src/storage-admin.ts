import { FILE_PURPOSES } from '@portal/domain';
import type { ListResource } from '@portal/list-query';
import { z } from 'zod/mini';
import { endpoint, idParams, listEndpoint, roles, versionQuery } from './endpoint.js';
import { isoDateTime } from './fields.js';

/**
 * domain.md Screens, /admin/storage: the stored files by container (purpose) and company,
 * with how many records reference each one, the usage per container, an upload into a container and a
 * delete allowed only while nothing references the file. Dates travel as ISO strings.
 */

/** One stored file as the admins' list shows it (STORED_FILES_LIST declares its filters and order). */
export const storedFileRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  purpose: z.enum(FILE_PURPOSES),
  container: z.string(),
  organisationId: z.nullable(z.uuid()),
  /** The company the file belongs to; null for the portal's own documents. */
  organisationName: z.nullable(z.string()),
  /** Its OBP number, for the link to its company page; null as the name. */
  obpNumber: z.nullable(z.string()),
  size: z.int(),
  mime: z.string(),
  sha256: z.string(),
  uploadedBy: z.string(),
  createdAt: isoDateTime,
  /** How many records reference the file now (counted over every table that references stored_files). */
  referenceCount: z.int(),
  version: z.int(),
});
export type StoredFileRow = z.infer<typeof storedFileRowSchema>;

/** The admins' list of stored files: filters by purpose and company, free text over the name. */
export const STORED_FILES_LIST: ListResource = {
  fields: {
    name: { type: 'text' },
    purpose: { type: 'enum', values: FILE_PURPOSES },
    organisationId: { type: 'uuid' },
    organisationName: { type: 'text' },
    size: { type: 'integer' },
    mime: { type: 'text' },
    uploadedBy: { type: 'text' },
    createdAt: { type: 'date' },
    referenceCount: { type: 'integer' },
  },
  searchFields: ['name'],
  defaultOrder: ['-createdAt'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/** GET /api/admin/files/usage: what each container holds, every purpose listed (0 when empty). */
export const storageUsageSchema = z.object({
  containers: z.array(
    z.object({
      purpose: z.enum(FILE_PURPOSES),
      container: z.string(),
      files: z.int(),
      bytes: z.int(),
    }),
  ),
  totalFiles: z.int(),
  totalBytes: z.int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** DELETE /api/admin/files/:id refuses a file some record still references (409). */
export const FILE_IN_USE = 'FILE_IN_USE';

/**
 * domain.md /admin/storage: browse the stored files, the usage per container, upload into a container
 * (multipart: the text fields of files.ts fileFormSchema, then the file), delete an unreferenced file.
 * Downloads are filesApi.download. ADMIN only.
 */
const access = roles('ADMIN');
export const storageAdminApi = {
  list: listEndpoint({
    path: '/api/admin/files',
    access,
    summary: 'The stored files, newest first, each with how many records reference it',
    list: STORED_FILES_LIST,
    item: storedFileRowSchema,
  }),
  usage: endpoint({
    method: 'GET',
    path: '/api/admin/files/usage',
    access,
    summary: 'Files and bytes per container',
    response: storageUsageSchema,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/admin/files',
    access,
    summary: 'Uploads a file into a container: multipart fields purpose, optional organisationId, then file',
    body: 'multipart',
    response: storedFileRowSchema,
    status: 201,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/files/:id',
    access,
    summary: 'Deletes a file nothing references (409 FILE_IN_USE otherwise), its row then its blob',
    params: idParams,
    query: versionQuery,
    response: 'empty',
  }),
};
