import { tickBoxStatements } from './participation-agreement.js';

/** A refused change to a disclaimer version: the status, code and message the API answers. */
export interface DisclaimerRefusal {
  status: 400 | 404 | 409;
  code: string;
  message: string;
}

/** The columns of a disclaimer version (disclaimer_contents) the rules read. */
export interface DisclaimerVersion {
  type: string;
  versionNumber: number;
  status: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
  body: string;
}

const NOT_DRAFT: DisclaimerRefusal = {
  status: 409,
  code: 'DISCLAIMER_NOT_DRAFT',
  message: 'Only a draft can be changed; this version is published or archived',
};

/** domain.md DisclaimerContent: a published or archived version is history; only a draft changes. */
export const draftOnlyRefusal = (row: Pick<DisclaimerVersion, 'status'>): DisclaimerRefusal | undefined =>
  row.status === 'DRAFT' ? undefined : NOT_DRAFT;

/** A type has a draft already: it is edited or deleted before another is made. */
export const draftExistsRefusal = (type: string): DisclaimerRefusal => ({
  status: 409,
  code: 'DISCLAIMER_DRAFT_EXISTS',
  message: `A ${type} draft exists already; edit or delete it first`,
});

/**
 * A new draft of a type: one draft per type at a time (409 DISCLAIMER_DRAFT_EXISTS), numbered the type's
 * next version. `ofType` is every version of the type.
 */
export function newDraftOf(
  type: string,
  ofType: readonly Pick<DisclaimerVersion, 'status' | 'versionNumber'>[],
): { versionNumber: number } | { refusal: DisclaimerRefusal } {
  if (ofType.some((row) => row.status === 'DRAFT')) return { refusal: draftExistsRefusal(type) };
  return { versionNumber: Math.max(0, ...ofType.map((row) => row.versionNumber)) + 1 };
}

/**
 * Whether a draft may be published: a draft only, and a PA_TICKBOX text must hold the onboarding's two
 * statements (tickBoxStatements): the boxes read the published text, so one without them would take the
 * boxes away.
 */
export function publishRefusal(draft: DisclaimerVersion): DisclaimerRefusal | undefined {
  if (draft.status !== 'DRAFT') return NOT_DRAFT;
  if (draft.type === 'PA_TICKBOX' && !tickBoxStatements(draft.body)) {
    const message = 'A PA_TICKBOX text is two statements, one paragraph each, separated by a blank line';
    return { status: 400, code: 'DISCLAIMER_TICKBOXES_INVALID', message };
  }
  return undefined;
}

/**
 * domain.md /admin/disclaimer-contents: "publish (archives the previous version)". The audit diffs of the
 * two writes: the type's published version ARCHIVED (when there is one), the draft PUBLISHED.
 */
export function publishDiffs(
  draft: Pick<DisclaimerVersion, 'type' | 'versionNumber'>,
  previous: Pick<DisclaimerVersion, 'versionNumber'> | undefined,
) {
  const { type, versionNumber } = draft;
  return {
    archive: { status: { from: 'PUBLISHED', to: 'ARCHIVED' }, supersededBy: versionNumber },
    publish: {
      type,
      versionNumber,
      status: { from: 'DRAFT', to: 'PUBLISHED' },
      archived: previous?.versionNumber ?? null,
    },
  };
}

/** No version of the type is published: there is nothing to read or accept. */
export const nonePublishedRefusal = (type: string): DisclaimerRefusal => ({
  status: 404,
  code: 'NOT_FOUND',
  message: `No ${type} disclaimer is published`,
});

/**
 * domain.md DisclaimerAcceptance: a caller accepts the published version of a type, the one they read; a
 * version that is no longer the published one is outdated (409), so nobody accepts a text they did not see.
 */
export function acceptanceRefusal(
  type: string,
  published: Pick<DisclaimerVersion, 'versionNumber'> | undefined,
  version: number,
): DisclaimerRefusal | undefined {
  if (!published) return nonePublishedRefusal(type);
  if (published.versionNumber === version) return undefined;
  return { status: 409, code: 'DISCLAIMER_OUTDATED', message: `The ${type} text has changed; read it again` };
}
