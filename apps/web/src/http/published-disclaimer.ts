import { type DisclaimerType, firstScreenRoutes } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from './api-call';
import { HttpError } from './http-client';
import { useHttp } from './http-context';

/** The query key of a type's published text (invalidated when the registration terms turn out outdated). */
export const publishedDisclaimerKey = (type: DisclaimerType) =>
  apiKey(firstScreenRoutes.publishedDisclaimer, { params: { type } });

/**
 * A type's published text (GET /api/disclaimers/{type}, public); null when none is published (404: the
 * caller says so or shows nothing, no toast). Other failures go to the app's error handler.
 */
export function usePublishedDisclaimer(type: DisclaimerType) {
  const http = useHttp();
  return useQuery({
    queryKey: publishedDisclaimerKey(type),
    queryFn: async ({ signal }) => {
      try {
        return await callApi(http, firstScreenRoutes.publishedDisclaimer, { params: { type }, signal });
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
