import { z } from 'zod';
import { URL_PATTERN } from '../../http/patterns.js';

export const listIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,50}$/, 'A list id is lower-case letters, digits and -');

export const linkParams = z.object({ id: listIdSchema });
export const linkItemParams = z.object({ id: listIdSchema, linkId: z.uuid() });

export const linkInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  link: z.string().trim().max(2000).regex(URL_PATTERN, 'Enter a web address such as https://example.com'),
  order: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
});
export type LinkInput = z.infer<typeof linkInputSchema>;

export const linkUpdateSchema = linkInputSchema.extend({
  /** Optimistic locking: the version the editor read. */
  version: z.number().int().min(1),
});
export type LinkUpdateInput = z.infer<typeof linkUpdateSchema>;

/** spec §3 footer link: label and link; plus what an admin needs to edit it. */
export const linkSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  link: z.string(),
  order: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
});
export type LinkDto = z.infer<typeof linkSchema>;
