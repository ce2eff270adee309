import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context';
import { useEnvironment } from '../config/environment-context';
import { formatFileSize } from '../forms/check-files';
import { HttpError } from '../http/http-client';

/** GET: a stored file's content, for whoever may read it (apps/api modules/files). */
export const filePath = (id: string) => `/api/files/${id}`;

/** What a link needs of a stored file. */
export interface StoredFileSummary {
  id: string;
  name: string;
  size: number;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** Hands a downloaded file to the browser under its stored name. */
function saveAs(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * GET /api/files/:id needs the bearer token, which a plain link does not send: the file is fetched with it
 * and handed to the browser. Binary content, so not through the JSON http client; a failure still throws
 * the one HttpError and reaches the app's error handler through the mutation cache.
 */
function useFileDownload() {
  const auth = useAuth();
  const { apiUrl } = useEnvironment();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: async (file: StoredFileSummary) => {
      const headers = new Headers({ 'accept-language': i18n.resolvedLanguage ?? i18n.language });
      if (auth.user()) headers.set('authorization', `Bearer ${await auth.getToken()}`);
      const response = await fetch(`${apiUrl}${filePath(file.id)}`, { headers, credentials: 'same-origin' });
      if (!response.ok) throw new HttpError(response.status, await bodyOf(response));
      saveAs(await response.blob(), file.name);
    },
  });
}

/** A stored file as a download link, with its size (spec §3 selected file: name, size). */
export function StoredFileLink({ file, id }: { file: StoredFileSummary; id?: string }) {
  const { t, i18n } = useTranslation();
  const { apiUrl } = useEnvironment();
  const download = useFileDownload();
  return (
    <span id={id}>
      <a
        href={`${apiUrl}${filePath(file.id)}`}
        download={file.name}
        aria-label={t('files.download', { name: file.name })}
        onClick={(event) => {
          event.preventDefault();
          download.mutate(file);
        }}
      >
        {file.name}
      </a>{' '}
      <span>({formatFileSize(file.size, i18n.language)})</span>
    </span>
  );
}
