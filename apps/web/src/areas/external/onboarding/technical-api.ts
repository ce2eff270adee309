import type {
  OnboardingAnswer as Onboarding,
  RevealedSessionToken,
  TechnicalEnvironmentStep,
} from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../../http/http-context';
import {
  ONBOARDING_KEY,
  ONBOARDING_PATH,
  type StoredFileSummary,
  useOnboardingWrite,
} from './onboarding-api';

/** The technical step's environments, as route parameters (contracts technicalEnvironmentSchema). */
export type TechnicalEnvironment = TechnicalEnvironmentStep['environment'];

/** The technical step's calls (contracts onboarding-steps.ts, "The technical step"). */
export const TECHNICAL_PATHS = {
  gateway: (environment: TechnicalEnvironment) => `/api/onboarding/technical/${environment}/gateway`,
  csr: (environment: TechnicalEnvironment) => `/api/onboarding/technical/${environment}/csr`,
  sessionToken: (environment: TechnicalEnvironment) =>
    `/api/onboarding/technical/${environment}/session-token`,
  reveal: (tokenId: string) => `/api/onboarding/technical/session-tokens/${tokenId}/reveal`,
} as const;

/**
 * One environment's writes. The gateway and the token request answer the whole application (a stale
 * version is an outcome the step shows); the CSR upload answers the stored file, then the application is
 * reloaded; the reveal answers the token's value, once. Every other failure (GATEWAY_NOT_AVAILABLE,
 * TOKEN_ALREADY_REQUESTED, TOKEN_ALREADY_SHOWN, STEP_LOCKED, …) goes to the error handler.
 */
export function useTechnicalActions(environment: TechnicalEnvironment) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const write = useOnboardingWrite();
  const reload = () =>
    queryClient.fetchQuery({
      queryKey: ONBOARDING_KEY,
      queryFn: ({ signal }) => http<Onboarding>(ONBOARDING_PATH, { signal }),
      staleTime: 0,
    });
  const saveGateway = (version: number, gatewayId: string) =>
    write.mutateAsync({
      path: TECHNICAL_PATHS.gateway(environment),
      method: 'PUT',
      body: { version, gatewayId },
    });
  const requestToken = (version: number) =>
    write.mutateAsync({ path: TECHNICAL_PATHS.sessionToken(environment), method: 'POST', body: { version } });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return http<StoredFileSummary>(TECHNICAL_PATHS.csr(environment), { method: 'POST', body });
    },
  });
  const reveal = useMutation({
    mutationFn: (tokenId: string) =>
      http<RevealedSessionToken>(TECHNICAL_PATHS.reveal(tokenId), { method: 'POST' }),
  });
  return { write, saveGateway, requestToken, upload, reveal, reload };
}
