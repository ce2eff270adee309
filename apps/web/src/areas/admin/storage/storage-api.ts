import { type FilePurpose, storageAdminApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useApiList, useApiMutation, useApiQuery } from '../../../http/api-hooks';
import { INLINE_ERRORS } from '../../../http/error-handler';

export type { StorageUsage, StoredFileRow } from '@portal/contracts';

export const useStoredFiles = (query: ListQuery) => useApiList(storageAdminApi.list, query);

export const useStorageUsage = () => useApiQuery(storageAdminApi.usage, {});

/** The upload's multipart body: the purpose first, as the API must know the container before the bytes. */
export function uploadBody(purpose: FilePurpose, file: File): FormData {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', file, file.name);
  return body;
}

/**
 * An upload, from the form dialog (upload-form.tsx), which shows a refusal beside the form (INLINE_ERRORS);
 * it refreshes the list and the usage (both under /api/admin/files).
 */
export function useUpload() {
  const { mutateAsync } = useApiMutation(storageAdminApi.upload, {
    invalidates: [storageAdminApi.list],
    meta: INLINE_ERRORS,
  });
  return (purpose: FilePurpose, file: File) => mutateAsync({ body: uploadBody(purpose, file) });
}

/** Delete; it refreshes the list and the usage (both under /api/admin/files). */
export function useStorageMutations() {
  return { remove: useApiMutation(storageAdminApi.remove, { invalidates: [storageAdminApi.list] }) };
}
