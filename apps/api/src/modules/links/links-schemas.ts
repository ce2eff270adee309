import { z } from 'zod';

// The params and request bodies are shared with the SPA's mock mode (@portal/contracts).
export {
  type LinkInput,
  type LinkUpdateInput,
  linkInputSchema,
  linkItemParams,
  linkParams,
  linkUpdateSchema,
} from '@portal/contracts';

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
