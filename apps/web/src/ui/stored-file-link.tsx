import { useTranslation } from 'react-i18next';
import { useEnvironment } from '../config/environment-context';
import { formatFileSize } from '../forms/check-files';
import { useAuthorisedDownload } from '../http/authorised-download';

/** GET: a stored file's content, for whoever may read it (apps/api modules/files). */
export const filePath = (id: string) => `/api/files/${id}`;

/** What a link needs of a stored file. */
export interface StoredFileSummary {
  id: string;
  name: string;
  size: number;
}

/** A stored file as a download link, with its size (spec §3 selected file: name, size). */
export function StoredFileLink({ file, id }: { file: StoredFileSummary; id?: string }) {
  const { t, i18n } = useTranslation();
  const { apiUrl } = useEnvironment();
  const download = useAuthorisedDownload();
  const href = `${apiUrl}${filePath(file.id)}`;
  return (
    <span id={id}>
      <a
        href={href}
        download={file.name}
        aria-label={t('files.download', { name: file.name })}
        onClick={(event) => {
          event.preventDefault();
          // GET /api/files/:id needs the bearer token, which a plain link does not send.
          download.mutate({ href, name: file.name });
        }}
      >
        {file.name}
      </a>{' '}
      <span>({formatFileSize(file.size, i18n.language)})</span>
    </span>
  );
}
