import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context';
import { HttpError } from './http-client';

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** Hands a downloaded file to the browser under its name. */
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

/** The file name the API gives (content-disposition), else `fallback`. */
const fileNameOf = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

export interface Download {
  /** The API URL of the file (a stored file, an export). */
  href: string;
  /** Its name when the answer names none. */
  name: string;
}

/**
 * A download from the API, which needs the bearer token a plain link does not send: the file is fetched
 * with it and handed to the browser. Binary content, so not through the JSON http client; a failure still
 * throws the one HttpError and reaches the app's error handler through the mutation cache.
 */
export function useAuthorisedDownload() {
  const auth = useAuth();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: async ({ href, name }: Download) => {
      const headers = new Headers({ 'accept-language': i18n.resolvedLanguage ?? i18n.language });
      if (auth.user()) headers.set('authorization', `Bearer ${await auth.getToken()}`);
      const response = await fetch(href, { headers, credentials: 'same-origin' });
      if (!response.ok) throw new HttpError(response.status, await bodyOf(response));
      saveAs(await response.blob(), fileNameOf(response, name));
    },
  });
}
