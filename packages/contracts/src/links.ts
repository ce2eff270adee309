import { z } from 'zod';
import { endpoint, roles, versionQuery } from './endpoint.js';
import { URL_PATTERN } from './patterns.js';

/** spec §7 /links bodies: a footer link (spec §3: label, link) with its place and whether it shows. */
export const linkInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  link: z.string().trim().max(2000).regex(URL_PATTERN, 'Enter a web address such as https://example.com'),
  order: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
});
export type LinkInput = z.infer<typeof linkInputSchema>;

export const linkUpdateSchema = linkInputSchema.extend({
  /** Optimistic locking: the version the editor read. */
  version: z.number().int().min(1),
});
export type LinkUpdateInput = z.infer<typeof linkUpdateSchema>;

/** spec §7 /links/{id}: a list's id, such as footer-links. */
export const listIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,50}$/, 'A list id is lower-case letters, digits and -');

export const linkParams = z.object({ id: listIdSchema });
export const linkItemParams = z.object({ id: listIdSchema, linkId: z.uuid() });

/** spec §3 footer link: label and link; plus what an admin needs to edit it. */
export const linkSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  link: z.string(),
  order: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
});
export type LinkItem = z.infer<typeof linkSchema>;

/**
 * spec §7 /links (outside /api): a list's links, such as footer-links. Reads are public (the footer shows
 * to visitors); the administrators' list of every link and the writes need ADMIN.
 */
const admin = roles('ADMIN');
export const linksApi = {
  list: endpoint({
    method: 'GET',
    path: '/links/:id',
    access: 'public',
    summary: 'A link list, e.g. footer-links',
    params: linkParams,
    response: z.array(linkSchema),
  }),
  all: endpoint({
    method: 'GET',
    path: '/links/:id/all',
    access: admin,
    summary: 'Every link of a list, inactive ones too, for the administrators who manage it',
    params: linkParams,
    response: z.array(linkSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/links/:id/:linkId',
    access: 'public',
    params: linkItemParams,
    response: linkSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/links/:id',
    access: admin,
    params: linkParams,
    body: linkInputSchema,
    response: linkSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/links/:id/:linkId',
    access: admin,
    params: linkItemParams,
    body: linkUpdateSchema,
    response: linkSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/links/:id/:linkId',
    access: admin,
    params: linkItemParams,
    query: versionQuery,
    response: 'empty',
  }),
};
