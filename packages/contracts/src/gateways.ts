import { z } from 'zod';
import { GATEWAY_ENVIRONMENTS, GATEWAY_TYPES } from './enums.js';
import { emailField, optionalText, telField, urlField } from './fields.js';

/** A day (2026-01-31, read as midnight UTC) or an ISO date-time with its zone. */
const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Enter a date such as 2026-01-31 or a date-time such as 2026-01-31T09:00:00Z',
});

const gatewayFields = z.object({
  name: z.string().trim().min(2).max(100),
  type: z.enum(GATEWAY_TYPES),
  website: optionalText(urlField),
  contactEmail: optionalText(emailField),
  phone: optionalText(telField),
  // Stored once each, in their canonical order.
  environments: z
    .array(z.enum(GATEWAY_ENVIRONMENTS))
    .min(1, 'Choose at least one environment')
    .transform((chosen) => GATEWAY_ENVIRONMENTS.filter((environment) => chosen.includes(environment))),
  certified: z.boolean().default(false),
  // Blank (a cleared date input), null or absent: no date; else the instant as an ISO string.
  certifiedAt: z
    .preprocess((value) => (value === '' ? null : value), dateOrDateTime.nullish())
    .transform((value) => (value ? new Date(value).toISOString() : null)),
  active: z.boolean().default(true),
  notes: optionalText(z.string().trim().max(1000)),
});

/** domain.md: a certified gateway has its certification date; one that is not certified has none. */
const withCertificationRule = <T extends z.ZodType<{ certified: boolean; certifiedAt: string | null }>>(
  schema: T,
) =>
  schema.superRefine((gateway, ctx) => {
    if (gateway.certified && !gateway.certifiedAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['certifiedAt'],
        message: 'A certified gateway needs its certification date',
      });
    }
    if (!gateway.certified && gateway.certifiedAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['certifiedAt'],
        message: 'Only a certified gateway has a certification date',
      });
    }
  });

export const gatewayInputSchema = withCertificationRule(gatewayFields);
export type GatewayInput = z.infer<typeof gatewayInputSchema>;

export const gatewayUpdateSchema = withCertificationRule(
  gatewayFields.extend({
    /** Optimistic locking: the version the editor read. */
    version: z.number().int().min(1),
  }),
);
export type GatewayUpdateInput = z.infer<typeof gatewayUpdateSchema>;
