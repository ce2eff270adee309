import { z } from 'zod/mini';
import { endpoint, idParams, listEndpoint, roles, versionQuery } from './endpoint.js';
import { isoDateTime } from './fields.js';
import { TOOLTIPS_LIST } from './lists.js';
import { TOOLTIP_KEY_PATTERN } from './patterns.js';

export const tooltipInputSchema = z.object({
  /** Where the SPA shows it, e.g. onboarding.company.registrationnumber. */
  key: z
    .string()
    .check(
      z.trim(),
      z.minLength(3),
      z.maxLength(100),
      z.regex(TOOLTIP_KEY_PATTERN, 'A key is lower-case letters, digits and dots'),
    ),
  screen: z.string().check(z.trim(), z.minLength(2), z.maxLength(50)),
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  active: z._default(z.boolean(), true),
});
export type TooltipInput = z.infer<typeof tooltipInputSchema>;

export const tooltipUpdateSchema = z.extend(tooltipInputSchema, {
  /** Optimistic locking: the version the editor read. */
  version: z.int().check(z.minimum(1)),
});
export type TooltipUpdateInput = z.infer<typeof tooltipUpdateSchema>;

export const tooltipSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  screen: z.string(),
  text: z.string(),
  active: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.int(),
});
export type Tooltip = z.infer<typeof tooltipSchema>;

/**
 * domain.md /admin/tooltips: list, create, edit, deactivate (PUT with active false), delete; ADMIN only.
 * The active tooltips, which every form shows beside its labels, are readable by every signed-in role.
 */
const access = roles('ADMIN');
export const tooltipsApi = {
  list: listEndpoint({
    path: '/api/tooltips',
    access,
    summary: 'The tooltips (spec §3 list query, §7 query params)',
    list: TOOLTIPS_LIST,
    item: tooltipSchema,
  }),
  // The external users' onboarding forms show them too.
  active: endpoint({
    method: 'GET',
    path: '/api/tooltips/active',
    access: roles('ADMIN', 'EMVO', 'EXTERNAL'),
    summary: 'Every active tooltip as { key: text }',
    response: z.record(z.string(), z.string()),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/tooltips/:id',
    access,
    params: idParams,
    response: tooltipSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/tooltips',
    access,
    body: tooltipInputSchema,
    response: tooltipSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/tooltips/:id',
    access,
    params: idParams,
    body: tooltipUpdateSchema,
    response: tooltipSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/tooltips/:id',
    access,
    params: idParams,
    query: versionQuery,
    response: 'empty',
  }),
};
