import { REQUEST_ID_PATTERN } from '@portal/contracts';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../toast/toast';
import { markUnavailable } from './availability';
import { isOnline, shouldShowOffline } from './connectivity';
import { resolveHttpError } from './error-catalogue';
import { HttpError } from './http-client';
import { fieldEntries } from './inline-errors';

export type NotifyKind = 'error' | 'warning' | 'info' | 'success';

export interface ErrorHandlerDeps {
  /** Translates a key, with interpolation values (i18next's t). */
  t: (key: string, values?: Record<string, string>) => string;
  /** Whether a key has a translation (i18next's exists); by default, whether t gives back more than the key. */
  hasTranslation?: (key: string) => boolean;
  /** Shows a toast (toastNotify below, in the app). */
  notify: (message: string, kind: NotifyKind) => void;
  closeModal: () => void;
  /** Ends the session (Auth.logout: clears storage, signs out at the provider), saying why on the next page. */
  logout: (reason?: string) => Promise<void> | void;
  navigate: (path: string) => void;
  goBack: () => void;
  production: boolean;
  /** The browser's online state; navigator.onLine by default (connectivity.ts). */
  online?: () => boolean;
  /** spec §4: whether this offline error is the first one; connectivity.ts by default. */
  shouldShowOffline?: () => boolean;
  /** spec §2: flags the service unavailable with the messages to show there; availability.ts by default. */
  markUnavailable?: (messages: readonly string[]) => void;
}

export interface HandleErrorOptions {
  /** The caller handles the error itself: no message, no action. */
  silent?: boolean;
  /**
   * The caller shows the messages where the person is (a form in a dialog, modal/form-dialog.tsx): no
   * toast and the dialog stays open, but the session's actions (sign out, unavailable, go back) still run.
   */
  inline?: boolean;
}

export type HandleError = (error: unknown, options?: HandleErrorOptions) => void;

/**
 * The one error handler (style.md example 2): looks a failed call up in the catalogue (spec §8), shows
 * each message as an error toast and performs the actions.
 */
export function createErrorHandler(deps: ErrorHandlerDeps): HandleError {
  const hasTranslation = deps.hasTranslation ?? ((key: string) => deps.t(key) !== key);
  const online = deps.online ?? isOnline;
  const firstOffline = deps.shouldShowOffline ?? shouldShowOffline;
  const flagUnavailable = deps.markUnavailable ?? markUnavailable;
  // Parallel calls failing with 401 log out once, not once each.
  let loggingOut = false;

  const logoutAndGoRoot = (messages: string[]) => {
    if (loggingOut) return;
    loggingOut = true;
    Promise.resolve()
      .then(() => deps.logout(messages.length > 0 ? messages.join(' ') : undefined))
      .catch((error: unknown) => console.error('logout failed', error))
      .finally(() => {
        loggingOut = false;
        deps.navigate('/');
      });
  };

  return function handleError(error, options = {}) {
    if (options.silent) return;
    const isOnlineNow = online();
    const resolved = resolveHttpError(error, {
      online: isOnlineNow,
      production: deps.production,
      hasTranslation,
    });
    // spec §4: the first offline error shows a message, later ones are silent until online again.
    if (!isOnlineNow && resolved.length > 0 && !firstOffline()) return;
    const actions = new Set(resolved.flatMap((entry) => entry.actions));
    // A failure on the server's side names its request, for the person to quote.
    const requestId = serverRequestIdOf(error);
    const reference = requestId ? ` ${deps.t('errors.reference', { requestId })}` : '';
    const messages = [
      ...new Set(
        resolved
          .filter((entry) => entry.actions.includes('SHOW_ERROR'))
          .map(
            (entry) => (entry.translatable ? deps.t(entry.message, entry.values) : entry.message) + reference,
          ),
      ),
    ];
    // A toast would not outlive the sign-out's page loads, nor the unavailable page that
    // replaces the app (and its toasts): those two say the messages themselves. A form dialog shows them
    // beside its fields and stays open (INLINE_ERRORS).
    const leaving = actions.has('LOGOUT_AND_GO_ROOT') || actions.has('GO_UNAVAILABLE');
    if (!options.inline && !leaving) for (const message of messages) deps.notify(message, 'error');
    // A list body may repeat an action: each is performed once.
    if (actions.has('CLOSE_MODAL') && !options.inline) deps.closeModal();
    if (actions.has('LOGOUT_AND_GO_ROOT')) logoutAndGoRoot(messages);
    if (actions.has('GO_BACK')) deps.goBack();
    // spec §2: the unavailable page replaces the whole app while the flag is set, at the current URL,
    // so a reload after the outage lands where the user was.
    if (actions.has('GO_UNAVAILABLE')) flagUnavailable(messages);
  };
}

/** The API's request id (apps/api http/request-id.ts) of an answer that failed on the server's side. */
function serverRequestIdOf(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.status < 500) return undefined;
  const body = error.body as { requestId?: unknown } | null;
  const id = typeof body === 'object' && body !== null ? body.requestId : undefined;
  return typeof id === 'string' && REQUEST_ID_PATTERN.test(id) ? id : undefined;
}

/**
 * The toast behind `notify` (react-toastify, spec §9 settings on the container). The same message is not
 * stacked twice while it is shown: a list body with three invalid fields gives one toast.
 */
export function toastNotify(message: string, kind: NotifyKind): void {
  toast[kind](message, { toastId: `${kind}:${message}` });
}

/** Query or mutation `meta` that opts out of the error handler: the caller shows its own message. */
export const SILENT_ERRORS = { silentErrors: true } as const;

/**
 * Mutation `meta` of a call made from a form dialog (modal/form-dialog.tsx): the dialog shows the messages
 * beside its form and stays open; the handler runs only the session's actions.
 */
export const INLINE_ERRORS = { inlineErrors: true } as const;

/**
 * Mutation `meta` of a form's call (forms/form.tsx `markServerErrors`): a 400 naming fields is shown on
 * those fields, not in a toast; any other failure goes to the handler as usual.
 */
export const FIELD_ERRORS = { fieldErrors: true } as const;

function namesFields(meta: unknown, error: unknown): boolean {
  const flagged =
    typeof meta === 'object' && meta !== null && 'fieldErrors' in meta && meta.fieldErrors === true;
  return flagged && fieldEntries(error).length > 0;
}

function isSilent(meta: unknown): boolean {
  return typeof meta === 'object' && meta !== null && 'silentErrors' in meta && meta.silentErrors === true;
}

function isInline(meta: unknown): boolean {
  return typeof meta === 'object' && meta !== null && 'inlineErrors' in meta && meta.inlineErrors === true;
}

const STALE_TIME_MS = 30_000;

/** One retry for a query, except for a 4xx answer (asking again gives the same answer) or offline. */
function retryQuery(failureCount: number, error: unknown): boolean {
  const clientError = error instanceof HttpError && error.status >= 400 && error.status < 500;
  return failureCount < 1 && !clientError && isOnline();
}

/**
 * The app's QueryClient, with the error handler wired once into the query and mutation caches (style.md
 * example 2): called once per failed query (after its retry) or mutation, unless its meta is SILENT_ERRORS.
 */
export function createQueryClient(handleError: HandleError): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isSilent(query.meta)) handleError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) => {
        if (isSilent(mutation.meta)) return;
        if (isInline(mutation.meta) || namesFields(mutation.meta, error))
          handleError(error, { inline: true });
        else handleError(error);
      },
    }),
    defaultOptions: {
      // networkMode 'always': a call made offline fails and shows the offline message (spec §4)
      // instead of waiting, paused and silent, for the connection to come back.
      queries: { retry: retryQuery, staleTime: STALE_TIME_MS, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
