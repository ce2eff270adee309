import type { BackendModule, ReadCallback } from 'i18next';

/**
 * spec §7: the translations of a language are fetched from `loadPath` ('{{lng}}' and '{{ns}}' replaced).
 * A network failure or a 5xx answer is retried by i18next (the callback's second argument says so), a 4xx
 * is not. Hand-written for the few lines it takes (i18next-http-backend weighed 2.9 kB gzip of the first
 * page). A plain `fetch`, so the request matches index.html's preload of the file.
 */
export function fetchBackend(loadPath: string): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init: () => {},
    read: (language: string, namespace: string, callback: ReadCallback) => {
      const url = loadPath.replaceAll('{{lng}}', language).replaceAll('{{ns}}', namespace);
      const fail = (error: unknown, retry: boolean) =>
        callback(error instanceof Error ? error : new Error(String(error)), retry);
      fetch(url).then(
        (response) => {
          if (!response.ok) {
            const retry = response.status >= 500 || response.status === 408 || response.status === 429;
            fail(`${url} answered ${response.status}`, retry);
            return;
          }
          response.json().then(
            (translations) => callback(null, translations),
            (error: unknown) => fail(error, false),
          );
        },
        // A network failure (fetch's TypeError): worth another try.
        (error: unknown) => fail(error, true),
      );
    },
  };
}
