import type { ListResource } from '@portal/list-query';
import { z } from 'zod/mini';
import { endpoint, idParams, listEndpoint, roles, versionQuery } from './endpoint.js';
import { isoDateTime } from './fields.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';
import { publishedDisclaimerSchema } from './registration.js';

/** domain.md DisclaimerContent: the types of text an administrator publishes. */
export const DISCLAIMER_TYPES = [
  'LOGIN',
  'REGISTRATION',
  'PA_TICKBOX',
  'IIF',
  'FOOTER_LEGAL',
  'PRIVACY',
] as const;
export type DisclaimerType = (typeof DISCLAIMER_TYPES)[number];

/** domain.md DisclaimerContent: a draft is edited, publishing archives the previous published version. */
export const DISCLAIMER_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type DisclaimerStatus = (typeof DISCLAIMER_STATUSES)[number];

/**
 * The types a signed-in user accepts at sign-in ("a published content that requires acceptance is
 * shown to each user at their next sign-in until accepted"). REGISTRATION is accepted on the registration
 * form, PA_TICKBOX by the onboarding tick boxes and IIF with the invoicing form: each where it is shown.
 */
export const SIGN_IN_DISCLAIMER_TYPES = [
  'LOGIN',
  'PRIVACY',
  'FOOTER_LEGAL',
] as const satisfies readonly DisclaimerType[];

/** One version of a disclaimer text, as administrators see it (list rows and detail alike). */
export const disclaimerContentSchema = z.object({
  id: z.string(),
  type: z.enum(DISCLAIMER_TYPES),
  /** The text's version number within its type (1, 2, …); what a user accepts. */
  versionNumber: z.int(),
  status: z.enum(DISCLAIMER_STATUSES),
  title: z.string(),
  /** Markdown. */
  body: z.string(),
  requiresAcceptance: z.boolean(),
  publishedAt: z.nullable(isoDateTime),
  /** Who published it (the audit trail's PUBLISH row), null for a draft. */
  publishedBy: z.nullable(z.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  createdBy: z.string(),
  updatedBy: z.string(),
  /** Optimistic locking: the row's version. */
  version: z.int(),
});
export type DisclaimerContent = z.infer<typeof disclaimerContentSchema>;
/**
 * A disclaimer version's stored columns (the API's table): the answer without what the API derives (who
 * published it, read from the audit trail).
 */
export type DisclaimerContentColumns = Omit<DisclaimerContent, 'publishedBy'>;

const draftFields = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  body: z.string().check(z.trim(), z.minLength(1), z.maxLength(50_000)),
  requiresAcceptance: z._default(z.boolean(), false),
});

/** POST /api/disclaimer-contents: a new draft of a type (its version number is the type's next). */
export const disclaimerDraftInputSchema = z.extend(draftFields, { type: z.enum(DISCLAIMER_TYPES) });
export type DisclaimerDraftInput = z.infer<typeof disclaimerDraftInputSchema>;

/** PUT /api/disclaimer-contents/{id}: a draft's new text, at the version the editor read. */
export const disclaimerDraftUpdateSchema = z.extend(draftFields, { version: z.int().check(z.minimum(1)) });
export type DisclaimerDraftUpdate = z.infer<typeof disclaimerDraftUpdateSchema>;

/** POST /api/disclaimer-contents/{id}/publish: at the version the administrator read. */
export const disclaimerPublishSchema = z.object({ version: z.int().check(z.minimum(1)) });
export type DisclaimerPublishInput = z.infer<typeof disclaimerPublishSchema>;

/** POST /api/disclaimers/{type}/acceptances: the version number of the text the user read. */
export const disclaimerAcceptanceInputSchema = z.object({ version: z.int().check(z.minimum(1)) });
export type DisclaimerAcceptanceInput = z.infer<typeof disclaimerAcceptanceInputSchema>;

/** A stored acceptance (domain.md DisclaimerAcceptance: user, version, at). */
export const disclaimerAcceptanceSchema = z.object({
  type: z.enum(DISCLAIMER_TYPES),
  version: z.int(),
  acceptedAt: isoDateTime,
});
export type DisclaimerAcceptance = z.infer<typeof disclaimerAcceptanceSchema>;

/** GET /api/disclaimers/pending: the published texts the caller still has to accept. */
export const pendingDisclaimerSchema = z.object({
  type: z.enum(DISCLAIMER_TYPES),
  version: z.int(),
  title: z.string(),
  body: z.string(),
});
export type PendingDisclaimer = z.infer<typeof pendingDisclaimerSchema>;
export const pendingDisclaimersSchema = z.object({ items: z.array(pendingDisclaimerSchema) });
export type PendingDisclaimers = z.infer<typeof pendingDisclaimersSchema>;

/** The admins' list of disclaimer versions (/admin/disclaimer-contents): by type, newest version first. */
export const DISCLAIMER_CONTENTS_LIST: ListResource = {
  fields: {
    type: { type: 'enum', values: DISCLAIMER_TYPES },
    status: { type: 'enum', values: DISCLAIMER_STATUSES },
    versionNumber: { type: 'integer' },
    title: { type: 'text' },
    requiresAcceptance: { type: 'boolean' },
    publishedAt: { type: 'date' },
    updatedAt: { type: 'date' },
  },
  searchFields: ['title'],
  defaultOrder: ['type', '-versionNumber'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/**
 * domain.md /admin/disclaimer-contents: the versions of each type (drafts, the published one, the archived
 * history), draft editing, publish and draft deletion. ADMIN only.
 */
const access = roles('ADMIN');
export const disclaimerContentsApi = {
  list: listEndpoint({
    path: '/api/disclaimer-contents',
    access,
    summary: 'Every version of every disclaimer type (spec §3 list query, §7 query params)',
    list: DISCLAIMER_CONTENTS_LIST,
    item: disclaimerContentSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/disclaimer-contents/:id',
    access,
    params: idParams,
    response: disclaimerContentSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/disclaimer-contents',
    access,
    summary: "A new draft of a type, numbered the type's next version (one draft per type)",
    body: disclaimerDraftInputSchema,
    response: disclaimerContentSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/disclaimer-contents/:id',
    access,
    summary: "Replaces a draft's text at the version read (409 when stale or not a draft)",
    params: idParams,
    body: disclaimerDraftUpdateSchema,
    response: disclaimerContentSchema,
  }),
  publish: endpoint({
    method: 'POST',
    path: '/api/disclaimer-contents/:id/publish',
    access,
    summary:
      'Publishes a draft and archives the previously published version of its type, in one transaction',
    params: idParams,
    body: disclaimerPublishSchema,
    response: disclaimerContentSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/disclaimer-contents/:id',
    access,
    summary: 'Deletes a draft',
    params: idParams,
    query: versionQuery,
    response: 'empty',
  }),
};

// Any text: an unknown type has no published disclaimer either, so it answers 404 like a known one.
const typeParams = z.object({ type: z.string().check(z.maxLength(30)) });

/**
 * domain.md DisclaimerContent: anyone reads a type's published text (the registration form shows it before
 * anyone has an account); a signed-in user reads the texts pending their acceptance and accepts one
 * (FIRST_SCREEN_ADDRESSES: the SPA asks for them as it starts).
 */
export const disclaimersApi = {
  published: endpoint({
    ...FIRST_SCREEN_ADDRESSES.publishedDisclaimer,
    summary: 'The published disclaimer of a type (LOGIN, REGISTRATION, …); 404 when none is published',
    params: typeParams,
    response: publishedDisclaimerSchema,
  }),
  pending: endpoint({
    ...FIRST_SCREEN_ADDRESSES.pendingDisclaimers,
    summary: 'The published texts requiring acceptance that the caller has not accepted at their version',
    response: pendingDisclaimersSchema,
  }),
  accept: endpoint({
    ...FIRST_SCREEN_ADDRESSES.acceptDisclaimer,
    summary:
      'Accepts the published version of a type (409 DISCLAIMER_OUTDATED when it is no longer that one)',
    params: typeParams,
    body: disclaimerAcceptanceInputSchema,
    response: disclaimerAcceptanceSchema,
  }),
};
