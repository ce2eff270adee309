import { MutationObserver } from '@tanstack/react-query';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/assets/i18n/en.json';
import { isServiceUnavailable, resetAvailability, unavailableReason } from './availability';
import { resetConnectivity } from './connectivity';
import {
  createErrorHandler,
  createQueryClient,
  type ErrorHandlerDeps,
  INLINE_ERRORS,
  SILENT_ERRORS,
} from './error-handler';
import { HttpError } from './http-client';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });

function setup(overrides: Partial<ErrorHandlerDeps> = {}) {
  const deps = {
    notify: vi.fn<ErrorHandlerDeps['notify']>(),
    closeModal: vi.fn<ErrorHandlerDeps['closeModal']>(),
    logout: vi.fn<ErrorHandlerDeps['logout']>(async () => {}),
    navigate: vi.fn<ErrorHandlerDeps['navigate']>(),
    goBack: vi.fn<ErrorHandlerDeps['goBack']>(),
  };
  const handleError = createErrorHandler({
    t: (key, values) => i18n.t(key, values),
    hasTranslation: (key) => i18n.exists(key),
    production: true,
    online: () => true,
    ...deps,
    ...overrides,
  });
  const toasts = () => deps.notify.mock.calls.map(([message, kind]) => `${kind}: ${message}`);
  return { deps, handleError, toasts };
}

/** Lets the log-out promise chain settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const apiError = (status: number, code: string) => new HttpError(status, { code, message: 'from the API' });

beforeEach(() => {
  resetConnectivity();
  resetAvailability();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the error handler performs the catalogue actions (spec §8)', () => {
  const rows: Array<{
    when: string;
    error: unknown;
    toast: string;
    closesModal?: boolean;
    logsOut?: boolean;
    goesBack?: boolean;
    unavailable?: boolean;
  }> = [
    {
      when: 'DEFAULT_ERROR: show error',
      error: apiError(500, 'DEFAULT_ERROR'),
      toast: 'Something went wrong. Please try again.',
    },
    {
      when: 'ERR_AUTHENTICATION: show error, close modal, log out, go to root',
      error: apiError(401, 'ERR_AUTHENTICATION'),
      toast: 'Your session has ended. Please sign in again.',
      closesModal: true,
      logsOut: true,
    },
    {
      when: 'UNAUTHORIZED: show error, close modal, log out, go to root',
      error: new HttpError(401, undefined),
      toast: 'Please sign in again to continue.',
      closesModal: true,
      logsOut: true,
    },
    {
      when: 'ERR_BAD_CREDENTIALS: show error only',
      error: apiError(401, 'ERR_BAD_CREDENTIALS'),
      toast: 'The user name or password is not correct.',
    },
    {
      when: 'FORBIDDEN: show error, close modal, go back',
      error: apiError(403, 'FORBIDDEN'),
      toast: 'You are not allowed to do this.',
      closesModal: true,
      goesBack: true,
    },
    {
      when: 'ACCESS_WITHDRAWN (a 403 for a user disabled or revoked meanwhile): show error, close modal, log out',
      error: apiError(403, 'ACCESS_WITHDRAWN'),
      toast:
        'Your access to the portal was withdrawn. Ask your administrator if you think this is a mistake.',
      closesModal: true,
      logsOut: true,
    },
    {
      when: 'NOT_FOUND: show error',
      error: apiError(404, 'NOT_FOUND'),
      toast: 'What you are looking for does not exist or was removed.',
    },
    {
      when: 'SERVICE_UNAVAILABLE: show error, close modal, go to unavailable page',
      error: apiError(503, 'SERVICE_UNAVAILABLE'),
      toast: "The portal's server is temporarily unavailable (it answered 503).",
      closesModal: true,
      unavailable: true,
    },
    {
      when: 'VERSION_CONFLICT: show error',
      error: apiError(409, 'VERSION_CONFLICT'),
      toast: 'Someone else changed this record. Reload it and try again.',
    },
  ];

  it.each(rows)('$when', async ({ error, toast, closesModal, logsOut, goesBack, unavailable }) => {
    const { deps, handleError, toasts } = setup();
    handleError(error);
    await settle();
    // A toast would not outlive the sign-out or the unavailable page; they say it.
    const said = logsOut
      ? deps.logout.mock.calls.map(([reason]) => `error: ${reason}`)
      : unavailable
        ? unavailableReason().map((message) => `error: ${message}`)
        : toasts();
    expect(said).toEqual([`error: ${toast}`]);
    if (logsOut || unavailable) expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.closeModal).toHaveBeenCalledTimes(closesModal ? 1 : 0);
    expect(deps.logout).toHaveBeenCalledTimes(logsOut ? 1 : 0);
    expect(deps.navigate.mock.calls).toEqual(logsOut ? [['/']] : []);
    expect(deps.goBack).toHaveBeenCalledTimes(goesBack ? 1 : 0);
    expect(isServiceUnavailable()).toBe(unavailable ?? false);
  });

  it('a failure on the server names its request, for the person to quote', () => {
    const { handleError, toasts } = setup();
    handleError(new HttpError(500, { code: 'DEFAULT_ERROR', message: 'boom', requestId: 'req-42abcdef' }));
    handleError(new HttpError(409, { code: 'VERSION_CONFLICT', message: 'x', requestId: 'req-43abcdef' }));
    expect(toasts()).toEqual([
      'error: Something went wrong. Please try again. (Reference: req-42abcdef.)',
      'error: Someone else changed this record. Reload it and try again.',
    ]);
  });

  it('DO_NOTHING: nothing', async () => {
    const { deps, handleError } = setup();
    handleError(apiError(400, 'DO_NOTHING'));
    await settle();
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.closeModal).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('a list body shows each entry', () => {
    const { handleError, toasts } = setup();
    handleError(new HttpError(400, [{ code: 'INVALID_PAGE' }, { code: 111 }]));
    expect(toasts()).toEqual([
      'error: This page number is not valid.',
      'error: This file cannot be used. Check its type and content, then try again.',
    ]);
  });

  it('outside production, an unknown code without a translation shows the debug text', () => {
    const { handleError, toasts } = setup({ production: false });
    handleError(apiError(400, 'BRAND_NEW_CODE'));
    expect(toasts()).toEqual(['error: Unexpected error: BRAND_NEW_CODE']);
  });

  it('without hasTranslation, a key counts as translated when t gives back more than the key', () => {
    const { handleError, toasts } = setup({ production: false, hasTranslation: undefined });
    handleError(apiError(400, 'INVALID_KEY'));
    handleError(apiError(400, 'BRAND_NEW_CODE'));
    expect(toasts()).toEqual([
      'error: This list cannot be searched this way.',
      'error: Unexpected error: BRAND_NEW_CODE',
    ]);
  });

  it('logs out once when several calls fail with 401 together', async () => {
    const { deps, handleError } = setup();
    handleError(new HttpError(401, undefined));
    handleError(new HttpError(401, undefined));
    await settle();
    expect(deps.logout).toHaveBeenCalledTimes(1);
    expect(deps.navigate.mock.calls).toEqual([['/']]);
  });

  it('still goes to the root when the log-out fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { deps, handleError } = setup({ logout: async () => Promise.reject(new Error('boom')) });
    handleError(new HttpError(401, undefined));
    await settle();
    expect(deps.navigate.mock.calls).toEqual([['/']]);
  });

  it('a silent call opts out: no message, no action', () => {
    const { deps, handleError } = setup();
    handleError(apiError(403, 'FORBIDDEN'), { silent: true });
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.goBack).not.toHaveBeenCalled();
  });
});

describe('inline errors (a form dialog shows the messages itself)', () => {
  it('shows no toast and keeps the modal, but still signs out on a 401', async () => {
    const { deps, handleError } = setup();
    handleError(apiError(409, 'VERSION_CONFLICT'), { inline: true });
    expect(deps.notify).not.toHaveBeenCalled();
    handleError(new HttpError(401, undefined), { inline: true });
    await settle();
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.closeModal).not.toHaveBeenCalled();
    expect(deps.logout).toHaveBeenCalledTimes(1);
  });
});

describe('offline (spec §4)', () => {
  it('the first offline error shows a message, later ones are silent, going online resets it', () => {
    let online = false;
    const { handleError, toasts } = setup({ online: () => online });
    const offline = 'error: You are offline. Check your connection.';
    handleError(new TypeError('Failed to fetch'));
    handleError(new TypeError('Failed to fetch'));
    handleError(apiError(503, 'SERVICE_UNAVAILABLE'));
    expect(toasts()).toEqual([offline]);

    online = true;
    window.dispatchEvent(new Event('online'));
    online = false;
    handleError(new TypeError('Failed to fetch'));
    expect(toasts()).toEqual([offline, offline]);
  });

  it('offline, the catalogue actions are not taken: the call never got an answer', () => {
    const { deps, handleError } = setup({ online: () => false });
    handleError(new HttpError(401, undefined));
    expect(deps.logout).not.toHaveBeenCalled();
  });
});

describe('the query client (style.md example 2)', () => {
  function client() {
    const handleError = vi.fn();
    return { handleError, queryClient: createQueryClient(handleError) };
  }

  it('calls the handler once per failed query, after one retry for a server error', async () => {
    const { handleError, queryClient } = client();
    const error = apiError(500, 'DEFAULT_ERROR');
    const queryFn = vi.fn(async () => Promise.reject(error));
    await queryClient.fetchQuery({ queryKey: ['a'], queryFn, retryDelay: 0 }).catch(() => {});
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(handleError.mock.calls).toEqual([[error]]);
  });

  it('does not retry a query answered with a 4xx', async () => {
    const { handleError, queryClient } = client();
    const queryFn = vi.fn(async () => Promise.reject(apiError(404, 'NOT_FOUND')));
    await queryClient.fetchQuery({ queryKey: ['b'], queryFn, retryDelay: 0 }).catch(() => {});
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(handleError).toHaveBeenCalledTimes(1);
  });

  it('lets a query opt out with meta silentErrors', async () => {
    const { handleError, queryClient } = client();
    const queryFn = async () => Promise.reject(apiError(404, 'NOT_FOUND'));
    await queryClient.fetchQuery({ queryKey: ['c'], queryFn, meta: SILENT_ERRORS }).catch(() => {});
    expect(handleError).not.toHaveBeenCalled();
  });

  it('calls the handler once per failed mutation, without retrying it', async () => {
    const { handleError, queryClient } = client();
    const error = apiError(500, 'DEFAULT_ERROR');
    const mutationFn = vi.fn(async () => Promise.reject(error));
    await new MutationObserver(queryClient, { mutationFn }).mutate().catch(() => {});
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(handleError.mock.calls).toEqual([[error]]);
  });

  it('lets a mutation opt out with meta silentErrors', async () => {
    const { handleError, queryClient } = client();
    const mutationFn = async () => Promise.reject(apiError(409, 'VERSION_CONFLICT'));
    await new MutationObserver(queryClient, { mutationFn, meta: SILENT_ERRORS }).mutate().catch(() => {});
    expect(handleError).not.toHaveBeenCalled();
  });

  it("hands a form dialog's refusal to the dialog (meta INLINE_ERRORS): no toast, the modal stays", async () => {
    const { handleError, queryClient } = client();
    const error = apiError(409, 'VERSION_CONFLICT');
    const mutationFn = async () => Promise.reject(error);
    await new MutationObserver(queryClient, { mutationFn, meta: INLINE_ERRORS }).mutate().catch(() => {});
    expect(handleError.mock.calls).toEqual([[error, { inline: true }]]);
  });

  it('keeps query results fresh for 30 s', () => {
    expect(client().queryClient.getDefaultOptions().queries?.staleTime).toBe(30_000);
  });
});
