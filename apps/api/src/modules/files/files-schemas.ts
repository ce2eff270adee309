import { FILE_PURPOSES } from '@portal/contracts';
import { z } from 'zod';

export const fileParams = z.object({ id: z.uuid() });

/** A stored file's metadata, as the upload answers it (the bytes come from GET /api/files/:id). */
export const storedFileSchema = z.object({
  id: z.uuid(),
  container: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  purpose: z.enum(FILE_PURPOSES),
  organisationId: z.uuid().nullable(),
  uploadedBy: z.string(),
  refCount: z.number().int(),
  createdAt: z.date(),
  version: z.number().int(),
});
export type StoredFileDto = z.infer<typeof storedFileSchema>;

/** The text fields of POST /api/files, sent before the file; an empty organisationId means none. */
export const fileFormSchema = z.object({
  purpose: z.enum(FILE_PURPOSES),
  organisationId: z.preprocess((value) => (value === '' ? undefined : value), z.uuid().optional()),
});
