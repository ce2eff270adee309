import { z } from 'zod';

/** A DELETE's optional `?version=N`: given, the row is deleted only at the version the caller read (409). */
export const versionQuerySchema = z.object({
  version: z.coerce.number().int().min(1).optional().describe('The version the caller read'),
});
