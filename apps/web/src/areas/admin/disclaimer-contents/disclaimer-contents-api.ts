import { type DisclaimerContent, type DisclaimerType, disclaimerContentsApi } from '@portal/contracts';
import { createListQuery } from '@portal/list-query';
import { useApiList, useApiMutation } from '../../../http/api-hooks';
import { INLINE_ERRORS } from '../../../http/error-handler';

export type { DisclaimerContent, DisclaimerType } from '@portal/contracts';
export { DISCLAIMER_TYPES } from '@portal/contracts';

/** Every version of a type fits one page: a type gets a new version a few times a year at most. */
export const HISTORY_LIMIT = 100;

/** The versions of one type, newest first: the draft, the published one and the archived history. */
export const useDisclaimerVersions = (type: DisclaimerType) =>
  useApiList(
    disclaimerContentsApi.list,
    createListQuery({
      limit: HISTORY_LIMIT,
      order: ['-versionNumber'],
      where: { type: { type: 'equal', value: type } },
    }),
  );

/** What the draft form edits: a draft's text (contracts disclaimerDraftInputSchema, less its type). */
export interface DisclaimerDraftValues {
  title: string;
  body: string;
  requiresAcceptance: boolean;
}

/**
 * Create a draft of a type or edit one, from the form dialog (disclaimer-draft-form.tsx), which shows a
 * refusal beside the form (INLINE_ERRORS); each refreshes the versions.
 */
export function useSaveDraft(type: DisclaimerType) {
  const options = { invalidates: [disclaimerContentsApi.list], meta: INLINE_ERRORS };
  const { mutateAsync: create } = useApiMutation(disclaimerContentsApi.create, options);
  const { mutateAsync: update } = useApiMutation(disclaimerContentsApi.update, options);
  return (values: DisclaimerDraftValues, draft: DisclaimerContent | undefined) =>
    draft
      ? update({ params: { id: draft.id }, body: { ...values, version: draft.version } })
      : create({ body: { ...values, type } });
}

/**
 * Publish and delete; each refreshes the versions. The texts pending acceptance are read again at the next
 * sign-in, not at once: publishing does not lock the administrator out.
 */
export function useDisclaimerMutations() {
  const invalidates = [disclaimerContentsApi.list];
  return {
    publish: useApiMutation(disclaimerContentsApi.publish, { invalidates }),
    remove: useApiMutation(disclaimerContentsApi.remove, { invalidates }),
  };
}
