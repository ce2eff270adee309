import { z } from 'zod/mini';
import { endpoint, idParams, listEndpoint, roles } from './endpoint.js';
import { CHECK_STATUSES, ORG_TYPES, STAGES } from './enums.js';
import { isoDateTime } from './fields.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';
import { ORGANISATIONS_LIST } from './lists.js';
import { metricsCompanyRowSchema, stageMoveSchema } from './metrics.js';

/** One organisation of the reviewers' list (ORGANISATIONS_LIST declares what may be filtered and sorted). */
export const organisationSummarySchema = z.object({
  id: z.uuid(),
  obpNumber: z.string(),
  legalName: z.string(),
  orgType: z.enum(ORG_TYPES),
  email: z.nullable(z.string()),
  address: z.object({ city: z.nullable(z.string()), country: z.nullable(z.string()) }),
  stage: z.enum(STAGES),
  legitimacyStatus: z.enum(CHECK_STATUSES),
  contractualStatus: z.enum(CHECK_STATUSES),
  financialStatus: z.enum(CHECK_STATUSES),
  mahCount: z.int(),
  submittedAt: z.nullable(isoDateTime),
  createdAt: isoDateTime,
  version: z.int(),
});
export type OrganisationSummary = z.infer<typeof organisationSummarySchema>;

/**
 * The reviewers' organisations: the list (the test runs' company picker reads it, and the administrators'
 * Company filters) and the stage moves a reviewer takes from the metrics table (domain.md: "to production
 * and then maintenance"). The moves are EMVO only.
 */
const access = roles('EMVO');
export const organisationsApi = {
  // An administrator reads it too, for the Company filters of /admin/users and storage.
  list: listEndpoint({
    ...FIRST_SCREEN_ADDRESSES.organisationsList,
    summary: "The reviewers' list of organisations (spec §3 list query, §7 query params)",
    list: ORGANISATIONS_LIST,
    item: organisationSummarySchema,
  }),
  stageMove: endpoint({
    method: 'POST',
    path: '/api/organisations/:id/stage-moves',
    access,
    summary:
      'Moves a company to TECHNICAL_PRD or MAINTENANCE at its version (409 VERSION_CONFLICT when stale)',
    params: idParams,
    body: stageMoveSchema,
    response: metricsCompanyRowSchema,
  }),
};
