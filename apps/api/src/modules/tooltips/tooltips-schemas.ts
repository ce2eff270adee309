import { z } from 'zod';

export const tooltipInputSchema = z.object({
  /** Where the SPA shows it, e.g. onboarding.company.registrationnumber. */
  key: z
    .string()
    .trim()
    .min(3)
    .max(100)
    .regex(/^[a-z0-9.]+$/, 'A key is lower-case letters, digits and dots'),
  screen: z.string().trim().min(2).max(50),
  text: z.string().trim().min(1).max(500),
  active: z.boolean().default(true),
});
export type TooltipInput = z.infer<typeof tooltipInputSchema>;

export const tooltipUpdateSchema = tooltipInputSchema.extend({
  /** Optimistic locking: the version the editor read. */
  version: z.number().int().min(1),
});
export type TooltipUpdateInput = z.infer<typeof tooltipUpdateSchema>;

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
