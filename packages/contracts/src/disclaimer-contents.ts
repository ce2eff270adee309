import type { ListResource } from '@portal/list-query';
import { z } from 'zod';

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
 * The types a signed-in user accepts at sign-in (issue 13: "a published content that requires acceptance is
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
  versionNumber: z.number().int(),
  status: z.enum(DISCLAIMER_STATUSES),
  title: z.string(),
  /** Markdown. */
  body: z.string(),
  requiresAcceptance: z.boolean(),
  publishedAt: z.string().nullable(),
  /** Who published it (the audit trail's PUBLISH row), null for a draft. */
  publishedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  /** Optimistic locking: the row's version. */
  version: z.number().int(),
});
export type DisclaimerContent = z.infer<typeof disclaimerContentSchema>;

const draftFields = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(50_000),
  requiresAcceptance: z.boolean().default(false),
});

/** POST /api/disclaimer-contents: a new draft of a type (its version number is the type's next). */
export const disclaimerDraftInputSchema = draftFields.extend({ type: z.enum(DISCLAIMER_TYPES) });
export type DisclaimerDraftInput = z.input<typeof disclaimerDraftInputSchema>;

/** PUT /api/disclaimer-contents/{id}: a draft's new text, at the version the editor read. */
export const disclaimerDraftUpdateSchema = draftFields.extend({ version: z.number().int().min(1) });
export type DisclaimerDraftUpdate = z.input<typeof disclaimerDraftUpdateSchema>;

/** POST /api/disclaimer-contents/{id}/publish: at the version the administrator read. */
export const disclaimerPublishSchema = z.object({ version: z.number().int().min(1) });
export type DisclaimerPublishInput = z.infer<typeof disclaimerPublishSchema>;

/** POST /api/disclaimers/{type}/acceptances: the version number of the text the user read. */
export const disclaimerAcceptanceInputSchema = z.object({ version: z.number().int().min(1) });
export type DisclaimerAcceptanceInput = z.infer<typeof disclaimerAcceptanceInputSchema>;

/** A stored acceptance (domain.md DisclaimerAcceptance: user, version, at). */
export const disclaimerAcceptanceSchema = z.object({
  type: z.enum(DISCLAIMER_TYPES),
  version: z.number().int(),
  acceptedAt: z.string(),
});
export type DisclaimerAcceptance = z.infer<typeof disclaimerAcceptanceSchema>;

/** GET /api/disclaimers/pending: the published texts the caller still has to accept. */
export const pendingDisclaimerSchema = z.object({
  type: z.enum(DISCLAIMER_TYPES),
  version: z.number().int(),
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
