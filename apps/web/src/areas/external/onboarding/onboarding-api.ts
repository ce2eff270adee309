import {
  type CallBody,
  type EndpointSpec,
  type OnboardingAnswer as Onboarding,
  type onboardingAnswerSchema,
  onboardingApi,
} from '@portal/contracts';
import type { MissingItem } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../../http/api-call';
import { FIELD_ERRORS, INLINE_ERRORS } from '../../../http/error-handler';
import { type HttpClient, HttpError } from '../../../http/http-client';
import { useHttp } from '../../../http/http-context';
import { useOnboardingReload, useStore } from './onboarding-query';

/** The calls of the onboarding screen: @portal/contracts onboardingApi (apps/api modules/onboarding). */

/** True when the call failed with this HTTP status and API code. */
export const isHttpCode = (error: unknown, status: number, code: string): boolean =>
  error instanceof HttpError && error.status === status && error.code === code;

const isMissingEntry = (entry: unknown): entry is MissingItem & { code: 'MISSING' } =>
  typeof entry === 'object' &&
  entry !== null &&
  Reflect.get(entry, 'code') === 'MISSING' &&
  typeof Reflect.get(entry, 'field') === 'string' &&
  typeof Reflect.get(entry, 'message') === 'string';

/** The items of a submission's 400 answer when it lists what is missing, else null. */
export function missingItemsOf(error: unknown): MissingItem[] | null {
  if (!(error instanceof HttpError) || error.status !== 400 || !Array.isArray(error.body)) return null;
  const items = error.body.filter(isMissingEntry).map(({ field, message }) => ({ field, message }));
  return items.length > 0 ? items : null;
}

/** The outcomes the step handles itself; any other failure goes to the app's error handler. */
export type SaveOutcome = { kind: 'saved'; onboarding: Onboarding } | { kind: 'conflict' };
export type SubmitOutcome =
  | { kind: 'submitted'; onboarding: Onboarding }
  | { kind: 'missing'; items: MissingItem[] }
  | { kind: 'conflict' };

const isVersionConflict = (error: unknown) => isHttpCode(error, 409, 'VERSION_CONFLICT');

/** An onboarding write that answers the whole application. */
type AnsweringEndpoint = EndpointSpec & { response: typeof onboardingAnswerSchema };

/** One call of such a write, ready to send (`onboardingCall(onboardingApi.saveMahs, { body })`). */
export type OnboardingCall = (http: HttpClient) => Promise<Onboarding>;
export const onboardingCall =
  <E extends AnsweringEndpoint>(endpoint: E, input: Omit<CallInput<E>, 'signal'>): OnboardingCall =>
  (http) =>
    callApi(http, endpoint, input as CallInput<E>) as Promise<Onboarding>;

/**
 * One write of the onboarding (every one answers the whole application), stored in the query cache. A
 * stale version is an outcome the caller shows in place; every other failure goes to the error handler.
 */
export function useOnboardingWrite() {
  const http = useHttp();
  const store = useStore();
  return useMutation({
    // A 400 naming fields is marked on the form's fields (form.markServerErrors), not in a toast.
    meta: FIELD_ERRORS,
    mutationFn: async (call: OnboardingCall): Promise<SaveOutcome> => {
      try {
        return { kind: 'saved', onboarding: await call(http) };
      } catch (error) {
        if (isVersionConflict(error)) return { kind: 'conflict' };
        throw error;
      }
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'saved') store(outcome.onboarding);
    },
  });
}

/** The writes of one step: its draft, its file upload and its submission. */
export const LEGITIMACY_STEP = {
  save: onboardingApi.saveLegitimacy,
  upload: onboardingApi.uploadCopyOfProof,
  submit: onboardingApi.submitLegitimacy,
};
export const CONTRACTUAL_STEP = {
  save: onboardingApi.saveContractual,
  upload: onboardingApi.uploadSignedAgreement,
  submit: onboardingApi.submitContractual,
};
export const FINANCIAL_STEP = {
  save: onboardingApi.saveFinancial,
  upload: onboardingApi.uploadInvoicingForm,
  submit: onboardingApi.submitFinancial,
};
export type StepEndpoints = typeof LEGITIMACY_STEP | typeof CONTRACTUAL_STEP | typeof FINANCIAL_STEP;
/** What a step's draft save sends. */
export type StepDraft<S extends StepEndpoints> = CallBody<S['save']>;

/**
 * A step's writes (legitimacy, contractual, financial): save its draft, upload its file, submit it. A stale
 * version and a submission's missing items are outcomes the step shows in place; every other failure
 * (STEP_LOCKED, ORG_TYPE_LOCKED, FILE_TOO_LARGE, …) is thrown to the error handler, which shows its
 * message (spec §8). People are no part of a step: useOnboardingWrite's people calls answer
 * ALREADY_A_PERSON, ACCESS_WITHDRAWN_BY_PORTAL and TOO_MANY_PEOPLE.
 */
export function useStepActions<S extends StepEndpoints>(step: S) {
  const http = useHttp();
  const store = useStore();
  const save = useMutation({
    meta: FIELD_ERRORS,
    mutationFn: async (draft: StepDraft<S>): Promise<SaveOutcome> => {
      try {
        const call = onboardingCall<S['save']>(step.save, { body: draft } as CallInput<S['save']>);
        return { kind: 'saved', onboarding: await call(http) };
      } catch (error) {
        if (isVersionConflict(error)) return { kind: 'conflict' };
        throw error;
      }
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'saved') store(outcome.onboarding);
    },
  });
  const upload = useMutation({
    // A refused file is said by the step, naming it (upload-refusal.ts), not by a generic toast.
    meta: INLINE_ERRORS,
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return callApi(http, step.upload, { body });
    },
  });
  const submit = useMutation({
    mutationFn: async (version: number): Promise<SubmitOutcome> => {
      try {
        const onboarding = await callApi(http, step.submit, { body: { version } });
        return { kind: 'submitted', onboarding };
      } catch (error) {
        if (isVersionConflict(error)) return { kind: 'conflict' };
        const items = missingItemsOf(error);
        if (items) return { kind: 'missing', items };
        throw error;
      }
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'submitted') store(outcome.onboarding);
    },
  });
  return { save, upload, submit, reload: useOnboardingReload() };
}

/** The legitimacy step's writes. */
export const useLegitimacyActions = () => useStepActions(LEGITIMACY_STEP);
