import { type FilePurpose, storageAdminApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useApiList, useApiMutation, useApiQuery } from '../../../http/api-hooks';

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

/** Upload and delete; each refreshes the list and the usage (both under /api/admin/files). */
export function useStorageMutations() {
  const invalidates = [storageAdminApi.list];
  return {
    upload: useApiMutation(storageAdminApi.upload, { invalidates }),
    remove: useApiMutation(storageAdminApi.remove, { invalidates }),
  };
}
