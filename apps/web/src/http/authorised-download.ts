import type { DownloadedFile, EndpointSpec } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Callable, type CallInput, callApi } from './api-call';
import { useHttp } from './http-context';

/** Hands a downloaded file to the browser under its name. */
function saveAs({ blob, name }: DownloadedFile, fallback: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name ?? fallback;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a declared 'download' endpoint (a stored file, an export) and hands it to the browser. */
export function useApiDownload<E extends EndpointSpec & { response: 'download' }>(endpoint: Callable<E>) {
  const http = useHttp();
  return useMutation({
    mutationFn: async ({ name, ...input }: CallInput<E> & { name: string }) =>
      saveAs((await callApi(http, endpoint, input as unknown as CallInput<E>)) as DownloadedFile, name),
  });
}
