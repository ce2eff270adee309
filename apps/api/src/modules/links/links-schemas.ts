import { z } from 'zod';

export const listIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,50}$/, 'A list id is lower-case letters, digits and -');

export const linkParams = z.object({ id: listIdSchema });
export const linkItemParams = z.object({ id: listIdSchema, linkId: z.uuid() });

// The request bodies are shared with the SPA's mock mode (@portal/contracts).
export { type LinkInput, type LinkUpdateInput, linkInputSchema, linkUpdateSchema } from '@portal/contracts';

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
