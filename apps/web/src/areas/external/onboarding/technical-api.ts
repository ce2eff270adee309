import { onboardingApi, type TechnicalEnvironmentStep } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../http/api-call';
import { INLINE_ERRORS } from '../../../http/error-handler';
import { useHttp } from '../../../http/http-context';
import { onboardingCall, useOnboardingWrite } from './onboarding-api';
import { useOnboardingReload } from './onboarding-query';

/** The technical step's environments, as route parameters (contracts technicalEnvironmentSchema). */
export type TechnicalEnvironment = TechnicalEnvironmentStep['environment'];

/**
 * One environment's writes (contracts onboardingApi, the technical step). The gateway and the token
 * request answer the whole application (a stale version is an outcome the step shows); the CSR upload
 * answers the stored file, then the application is reloaded; the reveal answers the token's value, once.
 * Every other failure (GATEWAY_NOT_AVAILABLE, TOKEN_ALREADY_REQUESTED, TOKEN_ALREADY_SHOWN, STEP_LOCKED, …)
 * goes to the error handler.
 */
export function useTechnicalActions(environment: TechnicalEnvironment) {
  const http = useHttp();
  const write = useOnboardingWrite();
  const reload = useOnboardingReload();
  const params = { environment };
  const saveGateway = (version: number, gatewayId: string) =>
    write.mutateAsync(onboardingCall(onboardingApi.chooseGateway, { params, body: { version, gatewayId } }));
  const requestToken = (version: number) =>
    write.mutateAsync(onboardingCall(onboardingApi.requestSessionToken, { params, body: { version } }));
  const upload = useMutation({
    // A refused CSR is said on its field (upload-refusal.ts), not by a generic toast.
    meta: INLINE_ERRORS,
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return callApi(http, onboardingApi.uploadCsr, { params, body });
    },
  });
  const reveal = useMutation({
    mutationFn: (tokenId: string) => callApi(http, onboardingApi.revealSessionToken, { params: { tokenId } }),
  });
  return { write, saveGateway, requestToken, upload, reveal, reload };
}
