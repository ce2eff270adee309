import { z } from 'zod/mini';
import { endpoint, roles, versionQuery } from './endpoint.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';
import { URL_PATTERN } from './patterns.js';

/** spec §7 /links bodies: a footer link (spec §3: label, link) with its place and whether it shows. */
export const linkInputSchema = z.object({
  label: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  link: z
    .string()
    .check(
      z.trim(),
      z.maxLength(2000),
      z.regex(URL_PATTERN, 'Enter a web address such as https://example.com'),
    ),
  order: z._default(z.int().check(z.minimum(0), z.maximum(10_000)), 0),
  active: z._default(z.boolean(), true),
});
export type LinkInput = z.infer<typeof linkInputSchema>;

export const linkUpdateSchema = z.extend(linkInputSchema, {
  /** Optimistic locking: the version the editor read. */
  version: z.int().check(z.minimum(1)),
});
export type LinkUpdateInput = z.infer<typeof linkUpdateSchema>;

/** spec §7 /links/{id}: a list's id, such as footer-links. */
export const listIdSchema = z
  .string()
  .check(z.regex(/^[a-z0-9-]{1,50}$/, 'A list id is lower-case letters, digits and -'));

export const linkParams = z.object({ id: listIdSchema });
export const linkItemParams = z.object({ id: listIdSchema, linkId: z.uuid() });

/** spec §3 footer link: label and link; plus what an admin needs to edit it. */
export const linkSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  link: z.string(),
  order: z.int(),
  active: z.boolean(),
  version: z.int(),
});
export type LinkItem = z.infer<typeof linkSchema>;

/**
 * spec §7 /links (outside /api): a list's links, such as footer-links. Reads are public (the footer shows
 * to visitors); the administrators' list of every link and the writes need ADMIN.
 */
const admin = roles('ADMIN');
export const linksApi = {
  list: endpoint({
    ...FIRST_SCREEN_ADDRESSES.linkList,
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
    summary: 'One active link of a list: an inactive one is unknown (404) here, as the list hides it',
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
