import type { FilePurpose, StorageUsage, StoredFileRow } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../../http/http-context';
import { fetchListPage } from '../../../table/list-page';

export type { StorageUsage, StoredFileRow } from '@portal/contracts';

/** apps/api modules/storage-admin: the stored files, their usage per container, upload and delete. */
export const STORED_FILES_PATH = '/api/admin/files';
export const STORAGE_USAGE_PATH = '/api/admin/files/usage';

export function useStoredFiles(query: ListQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: ['stored-files', query],
    queryFn: ({ signal }) => fetchListPage<StoredFileRow>(http, STORED_FILES_PATH, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStorageUsage() {
  const http = useHttp();
  return useQuery({
    queryKey: ['stored-files', 'usage'],
    queryFn: ({ signal }) => http<StorageUsage>(STORAGE_USAGE_PATH, { signal }),
  });
}

export interface StorageUpload {
  purpose: FilePurpose;
  file: File;
}

export function useStorageMutations() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['stored-files'] });
  return {
    upload: useMutation({
      mutationFn: ({ purpose, file }: StorageUpload) => {
        // The purpose first: the API must know the container before the file's bytes arrive.
        const body = new FormData();
        body.append('purpose', purpose);
        body.append('file', file, file.name);
        return http<StoredFileRow>(STORED_FILES_PATH, { method: 'POST', body });
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (file: Pick<StoredFileRow, 'id' | 'version'>) =>
        http<void>(`${STORED_FILES_PATH}/${file.id}?version=${file.version}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}
