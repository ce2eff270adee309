// vitest: isolate (the toast host loads once per page: this file starts from a page without one)
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createErrorHandler, toastNotify } from '../http/error-handler';
import { createHttpClient } from '../http/http-client';
import { createTestI18n } from '../test/test-i18n';
import { toast } from './toast';
import { ToastHostSlot } from './toast-host-slot';

/*
 * spec §3 and §8: a failed call ends as a toast whose type and title are an error's, from the answer through
 * the app's own client, error handler and toast host (main.tsx wires toastNotify the same way).
 */
const server = setupServer(
  http.get('*/api/forbidden', () => HttpResponse.json({ code: 'FORBIDDEN', message: 'no' }, { status: 403 })),
  http.get('*/api/missing', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'no' }, { status: 404 })),
  http.get('*/api/stale', () =>
    HttpResponse.json({ code: 'VERSION_CONFLICT', message: 'no' }, { status: 409 }),
  ),
  http.get('*/api/too-large', () => new HttpResponse('<html>too large</html>', { status: 413 })),
  http.get('*/api/broken', () =>
    HttpResponse.json({ code: 'DEFAULT_ERROR', message: 'boom', requestId: 'req-42abcdef' }, { status: 500 }),
  ),
  http.get('*/api/fields', () =>
    HttpResponse.json([{ code: 'INVALID_PAGE' }, { code: 'INVALID_KEY' }], { status: 400 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const i18n = createTestI18n();

function setup(online = true) {
  const handleError = createErrorHandler({
    t: (key, values) => i18n.t(key, values),
    hasTranslation: (key) => i18n.exists(key),
    notify: toastNotify,
    closeModal: vi.fn(),
    logout: vi.fn(),
    navigate: vi.fn(),
    goBack: vi.fn(),
    production: true,
    online: () => online,
    shouldShowOffline: () => true,
  });
  const client = createHttpClient({
    baseUrl: location.origin,
    getToken: async () => undefined,
    language: () => 'en',
  });
  render(
    <I18nextProvider i18n={i18n}>
      <ToastHostSlot />
    </I18nextProvider>,
  );
  return async (path: string) => {
    try {
      await client(path);
    } catch (error) {
      handleError(error);
    }
  };
}

/** The toast showing `message`: its type (react-toastify's class) and its title. */
async function toastOf(message: string) {
  const box = (await screen.findByText(message, {}, { timeout: 5000 })).closest<HTMLElement>(
    '.Toastify__toast',
  );
  if (!box) throw new Error(`No toast around "${message}"`);
  const type = [...box.classList].find((name) => /^Toastify__toast--/.test(name));
  return {
    type,
    title: within(box).getByText(
      (_, element) => element?.tagName === 'P' && element.nextElementSibling !== null,
    ).textContent,
  };
}

describe('an error answer shows an error toast (type and title), whatever the failure', () => {
  it.each([
    ['403', '/api/forbidden', 'You are not allowed to do this.'],
    ['404', '/api/missing', 'What you are looking for does not exist or was removed.'],
    ['409', '/api/stale', 'Someone else changed this record. Reload it and try again.'],
    ['413 (a proxy page)', '/api/too-large', 'The file is too large.'],
    ['500', '/api/broken', 'Something went wrong. Please try again. (Reference: req-42abcdef.)'],
    ['400 with a list of field errors', '/api/fields', 'This page number is not valid.'],
  ])('%s', async (_, path, message) => {
    const call = setup();
    await call(path);
    expect(await toastOf(message)).toEqual({ type: 'Toastify__toast--error', title: 'Error' });
  });

  it('offline', async () => {
    const call = setup(false);
    await call('/api/missing');
    expect(await toastOf('You are offline. Check your connection.')).toEqual({
      type: 'Toastify__toast--error',
      title: 'Error',
    });
  });

  it('each kind keeps its own type and title (a success is not an error, a warning not information)', async () => {
    setup();
    toast.success('Token revoked');
    toast.warning('You are offline');
    toast.info('Copied to the clipboard');
    expect(await toastOf('Token revoked')).toEqual({ type: 'Toastify__toast--success', title: 'Done' });
    expect(await toastOf('You are offline')).toEqual({ type: 'Toastify__toast--warning', title: 'Warning' });
    expect(await toastOf('Copied to the clipboard')).toEqual({
      type: 'Toastify__toast--info',
      title: 'Information',
    });
  });
});
