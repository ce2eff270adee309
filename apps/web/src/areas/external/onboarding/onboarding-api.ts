import type { Onboarding } from '@portal/contracts';
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
/** GET: a stored file's content (the copy of proof link). */
export const filePath = (id: string) => `/api/files/${id}`;

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

/**
 * The legitimacy step's writes. A stale version and a submission's missing items are outcomes the step
 * shows in place; every other failure (STEP_LOCKED, TOO_MANY_PEOPLE, EMAIL_TAKEN, FILE_TOO_LARGE, …) is
 * thrown to the error handler, which shows its message (spec §8).
 */
export function useLegitimacyActions() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const store = (onboarding: Onboarding) => queryClient.setQueryData(ONBOARDING_KEY, onboarding);
  const save = useMutation({
    mutationFn: async (draft: LegitimacyDraftBody): Promise<SaveOutcome> => {
      try {
        return {
          kind: 'saved',
          onboarding: await http<Onboarding>(LEGITIMACY_PATH, { method: 'PUT', body: draft }),
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
      return http<StoredFileSummary>(COPY_OF_PROOF_PATH, { method: 'POST', body });
    },
  });
  const submit = useMutation({
    mutationFn: async (version: number): Promise<SubmitOutcome> => {
      try {
        const onboarding = await http<Onboarding>(SUBMIT_LEGITIMACY_PATH, {
          method: 'POST',
          body: { version },
        });
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
