import { type DisclaimerType, disclaimerContentsApi } from '@portal/contracts';
import { createListQuery } from '@portal/list-query';
import { useApiList, useApiMutation } from '../../../http/api-hooks';

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

/**
 * Create, edit, publish and delete; each refreshes the versions. The texts pending acceptance are read
 * again at the next sign-in (issue 13), not at once: publishing does not lock the administrator out.
 */
export function useDisclaimerMutations() {
  const invalidates = [disclaimerContentsApi.list];
  return {
    create: useApiMutation(disclaimerContentsApi.create, { invalidates }),
    update: useApiMutation(disclaimerContentsApi.update, { invalidates }),
    publish: useApiMutation(disclaimerContentsApi.publish, { invalidates }),
    remove: useApiMutation(disclaimerContentsApi.remove, { invalidates }),
  };
}
