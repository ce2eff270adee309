import { z } from 'zod/mini';
import { endpoint, idParams, listEndpoint, roles, versionQuery } from './endpoint.js';
import { GATEWAY_ENVIRONMENTS, GATEWAY_TYPES } from './enums.js';
import { emailField, isoDateTime, optionalText, preprocess, telField, urlField } from './fields.js';
import { GATEWAYS_LIST } from './lists.js';

/** A day (2026-01-31, read as midnight UTC) or an ISO date-time with its zone. */
const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Enter a date such as 2026-01-31 or a date-time such as 2026-01-31T09:00:00Z',
});

const gatewayFields = z.object({
  name: z.string().check(z.trim(), z.minLength(2), z.maxLength(100)),
  type: z.enum(GATEWAY_TYPES),
  website: optionalText(urlField),
  contactEmail: optionalText(emailField),
  phone: optionalText(telField),
  // Stored once each, in their canonical order.
  environments: z.pipe(
    z.array(z.enum(GATEWAY_ENVIRONMENTS)).check(z.minLength(1, 'Choose at least one environment')),
    z.transform((chosen) => GATEWAY_ENVIRONMENTS.filter((environment) => chosen.includes(environment))),
  ),
  certified: z._default(z.boolean(), false),
  // Blank (a cleared date input), null or absent: no date; else the instant as an ISO string.
  certifiedAt: z.pipe(
    preprocess((value) => (value === '' ? null : value), z.nullish(dateOrDateTime)),
    z.transform((value) => (value ? new Date(value).toISOString() : null)),
  ),
  active: z._default(z.boolean(), true),
  notes: optionalText(z.string().check(z.trim(), z.maxLength(1000))),
});

/** domain.md: a certified gateway has its certification date; one that is not certified has none. */
const withCertificationRule = <T extends z.ZodMiniType<{ certified: boolean; certifiedAt: string | null }>>(
  schema: T,
) =>
  schema.check(
    z.superRefine((gateway, ctx) => {
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
    }),
  );

export const gatewayInputSchema = withCertificationRule(gatewayFields);
export type GatewayInput = z.infer<typeof gatewayInputSchema>;

export const gatewayUpdateSchema = withCertificationRule(
  z.extend(gatewayFields, {
    /** Optimistic locking: the version the editor read. */
    version: z.int().check(z.minimum(1)),
  }),
);
export type GatewayUpdateInput = z.infer<typeof gatewayUpdateSchema>;

/** A gateway as the admin screens show and edit it; the list's rows have the same shape. */
export const gatewaySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(GATEWAY_TYPES),
  website: z.nullable(z.string()),
  contactEmail: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  environments: z.array(z.enum(GATEWAY_ENVIRONMENTS)),
  certified: z.boolean(),
  certifiedAt: z.nullable(isoDateTime),
  active: z.boolean(),
  notes: z.nullable(z.string()),
  /** True when an organisation has chosen it: it cannot be deleted then, only deactivated. */
  inUse: z.boolean(),
  organisationCount: z.int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.int(),
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
