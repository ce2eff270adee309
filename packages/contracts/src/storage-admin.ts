import { FILE_PURPOSES } from '@portal/domain';
import type { ListResource } from '@portal/list-query';
import { z } from 'zod';

/**
 * domain.md Screens, /admin/storage (issue 13 item 3): the stored files by container (purpose) and company,
 * with how many records reference each one, the usage per container, an upload into a container and a
 * delete allowed only while nothing references the file. Dates travel as ISO strings.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** One stored file as the admins' list shows it (STORED_FILES_LIST declares its filters and order). */
export const storedFileRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  purpose: z.enum(FILE_PURPOSES),
  container: z.string(),
  organisationId: z.uuid().nullable(),
  /** The company the file belongs to; null for the portal's own documents. */
  organisationName: z.string().nullable(),
  size: z.number().int(),
  mime: z.string(),
  sha256: z.string(),
  uploadedBy: z.string(),
  createdAt: isoDateTime,
  /** How many records reference the file now (counted over every table that references stored_files). */
  referenceCount: z.number().int(),
  version: z.number().int(),
});
export type StoredFileRow = z.infer<typeof storedFileRowSchema>;

/** The admins' list of stored files: filters by purpose and company, free text over the name. */
export const STORED_FILES_LIST: ListResource = {
  fields: {
    name: { type: 'text' },
    purpose: { type: 'enum', values: FILE_PURPOSES },
    organisationId: { type: 'text' },
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
      files: z.number().int(),
      bytes: z.number().int(),
    }),
  ),
  totalFiles: z.number().int(),
  totalBytes: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** The text fields of POST /api/admin/files (multipart, sent before the file); an empty organisationId is none. */
export const storageUploadFieldsSchema = z.object({
  purpose: z.enum(FILE_PURPOSES),
  organisationId: z.preprocess((value) => (value === '' ? undefined : value), z.uuid().optional()),
});
export type StorageUploadFields = z.infer<typeof storageUploadFieldsSchema>;

/** DELETE /api/admin/files/:id refuses a file some record still references (409). */
export const FILE_IN_USE = 'FILE_IN_USE';
