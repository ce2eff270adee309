import { z } from 'zod/mini';
import { endpoint, idParams, roles } from './endpoint.js';
import { FILE_PURPOSES } from './enums.js';
import { isoDateTime, preprocess } from './fields.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';

/** A stored file's metadata (domain.md /admin/storage). */
export const storedFileSchema = z.object({
  id: z.uuid(),
  container: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.int(),
  sha256: z.string(),
  purpose: z.enum(FILE_PURPOSES),
  organisationId: z.nullable(z.uuid()),
  uploadedBy: z.string(),
  refCount: z.int(),
  createdAt: isoDateTime,
  version: z.int(),
});
export type StoredFileMeta = z.infer<typeof storedFileSchema>;

/** The text fields of an admin upload, sent before the file; an empty organisationId means none. */
export const fileFormSchema = z.object({
  purpose: z.enum(FILE_PURPOSES),
  organisationId: preprocess((value) => (value === '' ? undefined : value), z.optional(z.uuid())),
});

/**
 * Stored files: an administrator uploads a file into its purpose's container; ADMIN, EMVO and EXTERNAL
 * download, an EXTERNAL user only their own organisation's files.
 */
const readers = roles('ADMIN', 'EMVO', 'EXTERNAL');
export const filesApi = {
  upload: endpoint({
    method: 'POST',
    path: '/api/files',
    access: roles('ADMIN'),
    summary: 'Uploads a file: multipart fields purpose, optional organisationId, then file',
    body: 'multipart',
    response: storedFileSchema,
    status: 201,
  }),
  meta: endpoint({
    method: 'GET',
    path: '/api/files/:id/meta',
    access: readers,
    summary: "A file's metadata",
    params: idParams,
    response: storedFileSchema,
  }),
  download: endpoint({
    ...FIRST_SCREEN_ADDRESSES.fileDownload,
    summary: "Downloads a file's content",
    params: idParams,
  }),
};
