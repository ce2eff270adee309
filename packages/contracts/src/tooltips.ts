import { z } from 'zod';
import { TOOLTIP_KEY_PATTERN } from './patterns.js';

export const tooltipInputSchema = z.object({
  /** Where the SPA shows it, e.g. onboarding.company.registrationnumber. */
  key: z
    .string()
    .trim()
    .min(3)
    .max(100)
    .regex(TOOLTIP_KEY_PATTERN, 'A key is lower-case letters, digits and dots'),
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
