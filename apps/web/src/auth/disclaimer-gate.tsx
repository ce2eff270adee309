import { firstScreenRoutes, type PendingDisclaimer } from '@portal/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKey, callApi } from '../http/api-call';
import { useApiMutation } from '../http/api-hooks';
import type { HttpClient } from '../http/http-client';
import { useHttp } from '../http/http-context';
import { useAuth, useSessionUser } from './auth-context';
import type { SessionUser } from './session-user';

// The layout is in the main bundle (which has a size budget): the markdown renderer loads only when a text
// is to be shown.
const MarkdownText = lazy(async () => ({ default: (await import('../ui/markdown-text')).MarkdownText }));

export const PENDING_DISCLAIMERS_KEY = apiKey(firstScreenRoutes.pendingDisclaimers);

/** GET /api/disclaimers/pending: the published texts the signed-in user still has to accept. */
const pendingDisclaimersQuery = (http: HttpClient, username: string | null) =>
  queryOptions({
    // Per user: another user signing in on the same page reads their own list.
    queryKey: [...PENDING_DISCLAIMERS_KEY, username],
    queryFn: ({ signal }) => callApi(http, firstScreenRoutes.pendingDisclaimers, { signal }),
    enabled: username !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A user with no portal role may call no API route (403): they have nothing to accept either. */
const gatedUsername = (user: SessionUser | null) =>
  user !== null && user.roles.length > 0 ? user.username : null;

export function usePendingDisclaimers(username: string | null) {
  return useQuery(pendingDisclaimersQuery(useHttp(), username));
}

/**
 * The gate holds every screen until the list is read, so the app asks for it as it starts, beside
 * the router and the first render, rather than once the gate has rendered (a round trip saved on the way
 * to the first screen).
 */
export function prefetchPendingDisclaimers(
  queryClient: QueryClient,
  http: HttpClient,
  user: SessionUser | null,
) {
  const username = gatedUsername(user);
  if (username !== null) void queryClient.prefetchQuery(pendingDisclaimersQuery(http, username));
}

/** POST /api/disclaimers/{type}/acceptances; the pending list is read again either way (a 409 shows the newer text). */
export const useAcceptDisclaimer = () =>
  useApiMutation(firstScreenRoutes.acceptDisclaimer, {
    invalidates: [firstScreenRoutes.pendingDisclaimers],
  });

/**
 * "A published content that requires acceptance is shown to each user at their next sign-in until
 * accepted". The list is read once per session (at sign-in, or when the app starts signed in). While the
 * signed-in user has a text to accept, the page shows it in place of the screen, with
 * Accept (stores the acceptance) and Log out: the portal is not usable until every text is accepted. A
 * visitor, or a user with nothing pending, sees the screen. Should the list not load, the screen shows (the
 * error handler has said why): a failed read never locks anyone out. `onShown` is called once it shows
 * either.
 */
export function DisclaimerGate({ children, onShown }: { children: ReactNode; onShown?: () => void }) {
  const username = gatedUsername(useSessionUser());
  const pending = usePendingDisclaimers(username);
  const shown = username === null || !pending.isPending;
  // Once the gate shows anything (the screen or a text to accept): the first screen has its turn first.
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
  if (username === null) return children;
  if (pending.isPending) return null;
  const next = pending.data?.items?.[0];
  return next ? <DisclaimerPanel disclaimer={next} /> : children;
}

function DisclaimerPanel({ disclaimer }: { disclaimer: PendingDisclaimer }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const accept = useAcceptDisclaimer();
  const titleId = useId();
  return (
    <section className="page-section" aria-labelledby={titleId}>
      <h1 id={titleId}>{disclaimer.title}</h1>
      <p>{t('auth.disclaimerGate.intro')}</p>
      <div>
        <Suspense fallback={<p>{t('auth.disclaimerGate.loading')}</p>}>
          <MarkdownText markdown={disclaimer.body} titleLevel={1} />
        </Suspense>
      </div>
      <div className="form-actions">
        <button type="button" onClick={() => void auth.logout()}>
          {t('auth.disclaimerGate.logout')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate({ params: { type: disclaimer.type }, body: { version: disclaimer.version } })
          }
        >
          {t('auth.disclaimerGate.accept')}
        </button>
      </div>
    </section>
  );
}
