import { firstScreenRoutes, type OnboardingAnswer as Onboarding } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../http/api-call';
import { useApiQuery } from '../../../http/api-hooks';
import { useHttp } from '../../../http/http-context';

// The reads of the company's application, apart from its writes (onboarding-api.ts): the overview, the
// first page a company sees, calls them by their route, without the steps' schemas.

/** The company's own application (never another company's). */
export const useOnboarding = () =>
  useApiQuery(
    firstScreenRoutes.onboardingAnswer,
    {},
    {
      // The form holds the user's edits: a refetch on focus would only move the page under them. A stale
      // version is caught when saving (409 VERSION_CONFLICT).
      refetchOnWindowFocus: false,
      // A read that failed in the screen's loader (onboarding-loader.ts) shows the screen's Retry at once,
      // not a second attempt and a second message.
      retryOnMount: false,
    },
  );

/** The application as stored now (after someone else's save, or an upload), into the cache. */
export function useOnboardingReload() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({
      queryKey: apiKey(firstScreenRoutes.onboardingAnswer),
      queryFn: ({ signal }) => callApi(http, firstScreenRoutes.onboardingAnswer, { signal }),
      staleTime: 0,
    });
}

/** Stores an answer of a write as the application the screen shows. */
export function useStore() {
  const queryClient = useQueryClient();
  return (onboarding: Onboarding) =>
    queryClient.setQueryData(apiKey(firstScreenRoutes.onboardingAnswer), onboarding);
}
