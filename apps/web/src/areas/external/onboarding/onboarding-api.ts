import type { OnboardingAnswer as Onboarding } from '@portal/contracts';
import type { MissingItem } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../../http/http-client';
import { useHttp } from '../../../http/http-context';
import type { LegitimacyDraftBody } from './legitimacy-values';

/** The calls of the onboarding screen (apps/api modules/onboarding, contracts onboarding.ts). */
export const ONBOARDING_PATH = '/api/onboarding';
export const LEGITIMACY_PATH = '/api/onboarding/legitimacy';
export const COPY_OF_PROOF_PATH = '/api/onboarding/legitimacy/copy-of-proof';
export const SUBMIT_LEGITIMACY_PATH = '/api/onboarding/legitimacy/submit';

export const ONBOARDING_KEY = ['onboarding'] as const;

/** A stored file as the onboarding answer names it. */
export type StoredFileSummary = NonNullable<Onboarding['authorisedRepresentative']['copyOfProof']>;

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

/** The company's own application (never another company's). */
export function useOnboarding() {
  const http = useHttp();
  return useQuery({
    queryKey: ONBOARDING_KEY,
    queryFn: ({ signal }) => http<Onboarding>(ONBOARDING_PATH, { signal }),
    // The form holds the user's edits: a refetch on focus would only move the page under them. A stale
    // version is caught when saving (409 VERSION_CONFLICT).
    refetchOnWindowFocus: false,
  });
}

/** The outcomes the step handles itself; any other failure goes to the app's error handler. */
export type SaveOutcome = { kind: 'saved'; onboarding: Onboarding } | { kind: 'conflict' };
export type SubmitOutcome =
  | { kind: 'submitted'; onboarding: Onboarding }
  | { kind: 'missing'; items: MissingItem[] }
  | { kind: 'conflict' };

const isVersionConflict = (error: unknown) => isHttpCode(error, 409, 'VERSION_CONFLICT');

/** The paths of one step's writes: its draft, its file upload and its submission. */
export interface StepPaths {
  save: string;
  upload: string;
  submit: string;
}

export const CONTRACTUAL_PATHS: StepPaths = {
  save: '/api/onboarding/contractual',
  upload: '/api/onboarding/contractual/signed-agreement',
  submit: '/api/onboarding/contractual/submit',
};
export const FINANCIAL_PATHS: StepPaths = {
  save: '/api/onboarding/financial',
  upload: '/api/onboarding/financial/invoicing-form',
  submit: '/api/onboarding/financial/submit',
};
export const MAHS_PATH = '/api/onboarding/mahs';
export const SPOC_ASSISTANT_PATH = '/api/onboarding/people/spoc-assistant';
export const personPath = (userId: string) => `/api/onboarding/people/${userId}`;

/**
 * One write of the onboarding (every one answers the whole application), stored in the query cache. A
 * stale version is an outcome the caller shows in place; every other failure goes to the error handler.
 */
export function useOnboardingWrite() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      path,
      method,
      body,
    }: {
      path: string;
      method: 'PUT' | 'POST' | 'PATCH' | 'DELETE';
      body?: unknown;
    }): Promise<SaveOutcome> => {
      try {
        return { kind: 'saved', onboarding: await http<Onboarding>(path, { method, body }) };
      } catch (error) {
        if (isVersionConflict(error)) return { kind: 'conflict' };
        throw error;
      }
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'saved') queryClient.setQueryData(ONBOARDING_KEY, outcome.onboarding);
    },
  });
}

/**
 * A step's writes (legitimacy, contractual, financial): save its draft, upload its file, submit it. A stale
 * version and a submission's missing items are outcomes the step shows in place; every other failure
 * (STEP_LOCKED, ORG_TYPE_LOCKED, FILE_TOO_LARGE, …) is thrown to the error handler, which shows its
 * message (spec §8). People are no part of a step: useOnboardingWrite's people calls answer
 * ALREADY_A_PERSON, PERSON_DISABLED and TOO_MANY_PEOPLE (issue 21 items 1 and 2).
 */
export function useStepActions<TDraft>(paths: StepPaths) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const store = (onboarding: Onboarding) => queryClient.setQueryData(ONBOARDING_KEY, onboarding);
  const save = useMutation({
    mutationFn: async (draft: TDraft): Promise<SaveOutcome> => {
      try {
        return {
          kind: 'saved',
          onboarding: await http<Onboarding>(paths.save, { method: 'PUT', body: draft }),
        };
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
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return http<StoredFileSummary>(paths.upload, { method: 'POST', body });
    },
  });
  const submit = useMutation({
    mutationFn: async (version: number): Promise<SubmitOutcome> => {
      try {
        const onboarding = await http<Onboarding>(paths.submit, { method: 'POST', body: { version } });
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
  /** The application as stored now (after someone else's save, or an upload). */
  const reload = () =>
    queryClient.fetchQuery({
      queryKey: ONBOARDING_KEY,
      queryFn: ({ signal }) => http<Onboarding>(ONBOARDING_PATH, { signal }),
      staleTime: 0,
    });
  return { save, upload, submit, reload };
}

/** The legitimacy step's writes. */
export const useLegitimacyActions = () =>
  useStepActions<LegitimacyDraftBody>({
    save: LEGITIMACY_PATH,
    upload: COPY_OF_PROOF_PATH,
    submit: SUBMIT_LEGITIMACY_PATH,
  });
