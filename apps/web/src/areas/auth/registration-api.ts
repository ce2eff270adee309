import { type RegistrationInput, registrationApi } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../http/api-call';
import { HttpError } from '../../http/http-client';
import { useHttp } from '../../http/http-context';
import { publishedDisclaimerKey, usePublishedDisclaimer } from '../../http/published-disclaimer';

/** The API's 409 when the terms changed after the visitor loaded them. */
export const DISCLAIMER_OUTDATED = 'DISCLAIMER_OUTDATED';

export const registrationTermsKey = publishedDisclaimerKey('REGISTRATION');

/** Whether an error is the API's answer with this status and code. */
export function isApiError(error: unknown, status: number, code: string): error is HttpError {
  return error instanceof HttpError && error.status === status && error.code === code;
}

/** The published REGISTRATION terms the visitor must read and accept; null when none is published. */
export const useRegistrationTerms = () => usePublishedDisclaimer('REGISTRATION');

/** What became of a registration: sent (202, whether the address is known or not) or outdated terms. */
export type RegistrationOutcome = 'sent' | 'outdated';

/**
 * POST /api/registrations. DISCLAIMER_OUTDATED is an outcome the form handles (it reloads the terms); any
 * other failure (INVALID_FIELD, TOO_MANY_REQUESTS…) goes to the app's error handler.
 */
export function useRegister() {
  const http = useHttp();
  return useMutation({
    mutationFn: async (input: RegistrationInput): Promise<RegistrationOutcome> => {
      try {
        await callApi(http, registrationApi.register, { body: input });
        return 'sent';
      } catch (error) {
        if (isApiError(error, 409, DISCLAIMER_OUTDATED)) return 'outdated';
        throw error;
      }
    },
  });
}
