import { z } from 'zod';

/**
 * List query params as they arrive (spec §7): free-form keys, parsed and checked by parseListRequest,
 * which knows the resource's fields. The schema documents the common ones for OpenAPI.
 */
export const listQuerySchema = z
  .object({
    page: z.string().optional().describe('Page number, from 1 (default 1)'),
    limit: z.string().optional().describe('Rows per page (default 20)'),
    order: z.string().optional().describe('Sort keys joined by commas; a leading minus means descending'),
    search: z.string().optional().describe('Free text'),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalEstimated: z
      .boolean()
      .describe(
        "When true, total is the database's estimate (above 1,000 rows an exact count costs too much)",
      ),
  });
