import * as contracts from '@portal/contracts';
import { z } from 'zod';
import { GATEWAY_ENVIRONMENTS, GATEWAY_TYPES } from '../../db/schema.js';

/** The stored form of a certification date: the shared schema answers the instant as an ISO string. */
const withDate = <T extends { certifiedAt: string | null }>(gateway: T) => ({
  ...gateway,
  certifiedAt: gateway.certifiedAt ? new Date(gateway.certifiedAt) : null,
});

// The request bodies and their rules are shared with the SPA's mock mode (@portal/contracts).
export const gatewayInputSchema = contracts.gatewayInputSchema.transform(withDate);
export type GatewayInput = z.infer<typeof gatewayInputSchema>;

export const gatewayUpdateSchema = contracts.gatewayUpdateSchema.transform(withDate);
export type GatewayUpdateInput = z.infer<typeof gatewayUpdateSchema>;

export const gatewayParams = z.object({ id: z.uuid() });

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
  certifiedAt: z.date().nullable(),
  active: z.boolean(),
  notes: z.string().nullable(),
  /** True when an organisation has chosen it: it cannot be deleted then, only deactivated. */
  inUse: z.boolean(),
  organisationCount: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type GatewayDto = z.infer<typeof gatewaySchema>;
