import type { EndpointSpec, FilePurpose, OnboardingAnswer, StoredFileSummary } from '@portal/contracts';
import {
  type CheckType,
  canSubmit,
  decide,
  extensionOf,
  FILE_RULES,
  isAllowedExtension,
  iso,
  maxBytes,
  type OrganisationProgress,
  type Stage,
  stageAfterChecks,
} from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { apiError, type MockContext, versionConflict } from './mock-http';
import { type MockResolver, mockRoute } from './mock-route';
import { DEMO_REQUESTER_EMAIL, type MockOnboardingState, withDerived } from './onboarding-data';

/*
 * What mock mode's onboarding handlers share (the legitimacy step's, the later steps', the technical
 * step's), each of which depends on this file alone: the company's progress, the version bump, an upload's
 * checks and storage, and how a write starts, as at the API (apps/api modules/onboarding).
 */

const checkStatusOf = (onboarding: OnboardingAnswer, type: 'LEGITIMACY' | 'CONTRACTUAL' | 'FINANCIAL') =>
  onboarding.checks[type]?.status ?? 'NOT_SUBMITTED';

/** The organisation's stage and step statuses, as packages/domain reads them. */
export const progressOf = (onboarding: OnboardingAnswer): OrganisationProgress => ({
  stage: onboarding.organisation.stage,
  legitimacyStatus: checkStatusOf(onboarding, 'LEGITIMACY'),
  contractualStatus: checkStatusOf(onboarding, 'CONTRACTUAL'),
  financialStatus: checkStatusOf(onboarding, 'FINANCIAL'),
});

const STATUS_KEY: Record<CheckType, keyof OrganisationProgress> = {
  LEGITIMACY: 'legitimacyStatus',
  CONTRACTUAL: 'contractualStatus',
  FINANCIAL: 'financialStatus',
};

/**
 * A company's check submitted with the domain's state machine (as the API's apply-check-transition does):
 * the check as the answer shows it and the stage that follows (domain stageAfterChecks), or the 409.
 */
export function submitCheck(
  onboarding: OnboardingAnswer,
  type: CheckType,
): { check: NonNullable<OnboardingAnswer['checks'][CheckType]>; stage: Stage } | Response {
  const current = onboarding.checks[type];
  const result = decide(
    { type, status: current?.status ?? 'NOT_SUBMITTED', attempt: current?.attempt ?? 1 },
    'SUBMIT',
    { role: 'EXTERNAL', actor: DEMO_REQUESTER_EMAIL, now: new Date() },
  );
  if (!result.ok) return apiError(409, result.code, result.message);
  const { next } = result;
  const check = {
    status: next.status,
    attempt: next.attempt,
    submittedAt: iso(next.submittedAt),
    slaDueAt: iso(next.slaDueAt),
    reason: next.reason,
    decidedAt: iso(next.decidedAt),
  };
  const stage = stageAfterChecks({ ...progressOf(onboarding), [STATUS_KEY[type]]: next.status });
  return { check, stage };
}

/** The legitimacy check's status, for a refusal's message. */
export const legitimacyStatusOf = (onboarding: OnboardingAnswer) => checkStatusOf(onboarding, 'LEGITIMACY');

/** The organisation after a write: its version one higher. */
export const bump = (onboarding: OnboardingAnswer) => ({
  ...onboarding.organisation,
  version: onboarding.organisation.version + 1,
});

/** A submission's 400: one MISSING entry per item (packages/domain missingFor…). */
export const missingAnswer = (items: Array<{ field: string; message: string }>) =>
  HttpResponse.json(
    items.map((item) => ({ code: 'MISSING', ...item })),
    { status: 400 },
  );

/** apps/api legitimacy-step.ts: the step is edited exactly when it may be submitted (domain canSubmit). */
export const canEditLegitimacy = (onboarding: OnboardingAnswer) =>
  canSubmit('LEGITIMACY', progressOf(onboarding));

/** apps/api storage: the first bytes of each type a file may be (content check 112). */
const SIGNATURES: Record<string, number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46],
  png: [0x89, 0x50, 0x4e, 0x47],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
};

function contentMatches(bytes: Uint8Array, extension: string): boolean {
  const signature = SIGNATURES[extension];
  return !signature || signature.every((byte, i) => bytes[i] === byte);
}

/** An upload's checks, in the API's order: extension (111), size (413), content (112). */
function uploadRefusal(file: File, bytes: Uint8Array, purpose: FilePurpose): Response | undefined {
  const extension = extensionOf(file.name);
  if (!isAllowedExtension(purpose, file.name)) {
    const allowed = FILE_RULES[purpose].extensions.join(', ');
    return apiError(400, '111', `.${extension} files are not allowed here; allowed: ${allowed}`);
  }
  if (file.size > maxBytes(purpose)) {
    return apiError(413, 'FILE_TOO_LARGE', `The file is larger than ${FILE_RULES[purpose].maxMb} MB`);
  }
  if (!contentMatches(bytes, extension)) {
    return apiError(400, '112', `The file's content is not a .${extension} file`);
  }
  return undefined;
}

/** The multipart upload's one file part, else the API's 400. */
export function filePart(form: FormData): File | Response {
  const file = form.get('file');
  // A file part, not a text field (FormDataEntryValue is one or the other).
  if (file === null || typeof file === 'string') {
    return apiError(400, 'BAD_REQUEST', 'Send one file in the field "file"');
  }
  return file;
}

const readOnly = () => apiError(403, 'FORBIDDEN', 'Your access to this company is read-only');

/** The version a write names: in its body, or in its query (a DELETE's ?version=). */
function versionOf(input: { body: unknown; query: unknown }): number | undefined {
  for (const part of [input.body, input.query]) {
    const version = typeof part === 'object' && part !== null ? Reflect.get(part, 'version') : undefined;
    if (typeof version === 'number') return version;
  }
  return undefined;
}

/** The company's writes in mock mode, over one state, started as the API's are. */
export function companyWrites(context: MockContext, state: MockOnboardingState) {
  /** The API resolves the caller first (preValidation): a READ_ONLY user is refused before the body is read. */
  const writable = () => (state.onboarding.access === 'READ_ONLY' ? readOnly() : undefined);

  /** A write of the company's: READ_ONLY refused, then mockRoute's checks, then `resolve`. */
  const write = <E extends EndpointSpec>(endpoint: E, resolve: MockResolver<E>): HttpHandler =>
    mockRoute(context, endpoint, resolve, { preValidation: writable });

  /** A write at the version the company read: a stale one answers 409 before `resolve` runs. */
  const versionedWrite = <E extends EndpointSpec>(endpoint: E, resolve: MockResolver<E>): HttpHandler =>
    write(endpoint, async (input) =>
      versionOf(input) === state.onboarding.organisation.version ? resolve(input) : versionConflict(),
    );

  /** Stores the next application (its derived parts computed) and answers it. */
  const store = (next: OnboardingAnswer): OnboardingAnswer => {
    state.onboarding = withDerived(next);
    return state.onboarding;
  };

  /** The upload's one file, checked for its purpose and stored: its summary, or the refusal. */
  const storeUpload = async (form: FormData, purpose: FilePurpose): Promise<StoredFileSummary | Response> => {
    const file = filePart(form);
    if (file instanceof Response) return file;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const invalid = uploadRefusal(file, bytes, purpose);
    if (invalid) return invalid;
    const stored = {
      id: context.newId(),
      name: file.name,
      size: file.size,
      mime: file.type || 'application/octet-stream',
    };
    state.files.set(stored.id, { ...stored, bytes });
    return stored;
  };

  return { writable, write, versionedWrite, store, storeUpload };
}

export type CompanyWrites = ReturnType<typeof companyWrites>;
