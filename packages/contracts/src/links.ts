import { z } from 'zod';
import { URL_PATTERN } from './patterns.js';

/** spec §7 /links bodies: a footer link (spec §3: label, link) with its place and whether it shows. */
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

/** spec §7 /links/{id}: a list's id, such as footer-links. */
export const listIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,50}$/, 'A list id is lower-case letters, digits and -');

export const linkParams = z.object({ id: listIdSchema });
export const linkItemParams = z.object({ id: listIdSchema, linkId: z.uuid() });
