import { z } from 'zod';

// The request bodies are shared with the SPA's mock mode (@portal/contracts).
export {
  type TooltipInput,
  type TooltipUpdateInput,
  tooltipInputSchema,
  tooltipUpdateSchema,
} from '@portal/contracts';

export const tooltipParams = z.object({ id: z.uuid() });

export const tooltipSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  screen: z.string(),
  text: z.string(),
  active: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type TooltipDto = z.infer<typeof tooltipSchema>;

/** The active tooltips as { key: text }, for the SPA's tooltip icons. */
export const activeTooltipsSchema = z.record(z.string(), z.string());
