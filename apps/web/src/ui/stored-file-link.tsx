import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../i18n/file-size';

/** What a link needs of a stored file. */
export interface StoredFileSummary {
  id: string;
  name: string;
  size: number;
}

/**
 * How links reach stored files: a file's URL, and the download a click starts (with the bearer token a
 * plain link does not send). http/stored-file-download.ts useFileDownloads gives one.
 */
export interface FileDownloads {
  hrefOf: (file: StoredFileSummary) => string;
  download: (file: StoredFileSummary) => void;
}

/** A stored file as a download link, with its size (spec §3 selected file: name, size). */
export function StoredFileLink({
  file,
  downloads,
  id,
}: {
  file: StoredFileSummary;
  downloads: FileDownloads;
  id?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <span id={id}>
      <a
        href={downloads.hrefOf(file)}
        download={file.name}
        aria-label={t('files.download', { name: file.name })}
        onClick={(event) => {
          event.preventDefault();
          downloads.download(file);
        }}
      >
        {file.name}
      </a>{' '}
      <span>({formatFileSize(file.size, i18n.language)})</span>
    </span>
  );
}
