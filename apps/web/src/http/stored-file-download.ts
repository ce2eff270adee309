import { firstScreenRoutes, pathOf } from '@portal/contracts';
import { useEnvironment } from '../config/environment-context';
import { useApiDownload } from './authorised-download';

/** What a download needs of a stored file: its id, and its name for the saved file. */
interface StoredFileRef {
  id: string;
  name: string;
}

/**
 * Stored files' downloads (filesApi.download), for the links of ui/stored-file-link.tsx: a file's URL, and
 * the click's download, fetched through the http client with the bearer token a plain link does not send.
 *
 *   const downloads = useFileDownloads();
 *   <StoredFileLink file={file} downloads={downloads} />
 */
export function useFileDownloads() {
  const { apiUrl } = useEnvironment();
  const { mutate } = useApiDownload(firstScreenRoutes.fileDownload);
  return {
    hrefOf: (file: StoredFileRef) => `${apiUrl}${pathOf(firstScreenRoutes.fileDownload, { id: file.id })}`,
    download: (file: StoredFileRef) => mutate({ params: { id: file.id }, name: file.name }),
  };
}
