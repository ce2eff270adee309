import { z } from 'zod';

export const devOutboxQuerySchema = z.object({
  to: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .optional()
    .describe('Only the mails to this address, compared case-insensitively; unset: every address'),
});

export const devOutboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  createdAt: z.date(),
});
export type DevOutboxMail = z.infer<typeof devOutboxMailSchema>;
