import { z } from 'zod';
import { endpoint, idParams, listEndpoint, roles, versionQuery } from './endpoint.js';
import { GATEWAY_ENVIRONMENTS, GATEWAY_TYPES } from './enums.js';
import { emailField, isoDateTime, optionalText, telField, urlField } from './fields.js';
import { GATEWAYS_LIST } from './lists.js';

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

/** A gateway as the admin screens show and edit it; the list's rows have the same shape. */
export const gatewaySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(GATEWAY_TYPES),
  website: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  environments: z.array(z.enum(GATEWAY_ENVIRONMENTS)),
  certified: z.boolean(),
  certifiedAt: isoDateTime.nullable(),
  active: z.boolean(),
  notes: z.string().nullable(),
  /** True when an organisation has chosen it: it cannot be deleted then, only deactivated. */
  inUse: z.boolean(),
  organisationCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type Gateway = z.infer<typeof gatewaySchema>;
/** A gateway's stored columns (the API's table, the demo's rows): the answer without what the API derives. */
export type GatewayColumns = Omit<Gateway, 'inUse' | 'organisationCount'>;

/**
 * domain.md /admin/gateways: list, create, edit, deactivate (PUT with active false), delete when no
 * organisation uses the gateway. Every route is ADMIN only.
 */
const access = roles('ADMIN');
export const gatewaysApi = {
  list: listEndpoint({
    path: '/api/gateways',
    access,
    summary: 'The gateways (spec §3 list query, §7 query params)',
    list: GATEWAYS_LIST,
    item: gatewaySchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/gateways/:id',
    access,
    params: idParams,
    response: gatewaySchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/gateways',
    access,
    body: gatewayInputSchema,
    response: gatewaySchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/gateways/:id',
    access,
    summary: 'Replaces a gateway; active false deactivates it (the way to retire a gateway in use)',
    params: idParams,
    body: gatewayUpdateSchema,
    response: gatewaySchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/gateways/:id',
    access,
    summary: 'Deletes a gateway no organisation uses',
    params: idParams,
    query: versionQuery,
    response: 'empty',
  }),
};
