import {
  type FilePurpose,
  type LegitimacyDraft,
  legitimacyDraftSchema,
  type Onboarding,
  type StoredFileSummary,
  submitLegitimacySchema,
} from '@portal/contracts';
import {
  canSubmit,
  decide,
  extensionOf,
  FILE_RULES,
  isAllowedExtension,
  maxBytes,
  missingForLegitimacy,
  stageAfterChecks,
} from '@portal/domain';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import type { z } from 'zod';
import { demoId } from './mock-data';
import { apiError, type MockContext, readBody, signedIn, unauthorized, versionConflict } from './mock-http';
import { protectedHandler } from './mock-resource';
import {
  createMockOnboarding,
  DEMO_REQUESTER_EMAIL,
  isOnboardingScenario,
  type MockOnboardingState,
  type OnboardingScenario,
  withDerived,
} from './onboarding-data';
import { onboardingStepsHandlers } from './onboarding-steps-handlers';

/*
 * The onboarding screen in mock mode (/external/onboarding?mockRole=EXTERNAL): the demo company's
 * application, answered in memory with the contracts' schemas and the domain's rules. It starts as a
 * partial draft in REGISTERED; `&mockOnboarding=<scenario>` starts it in another state (onboarding-data.ts:
 * COMPLETE, SUBMITTED, IN_REVIEW, CORRECTIONS_REQUESTED, REJECTED, APPROVED, TEMPORARILY_APPROVED,
 * READ_ONLY), remembered for the tab. Staged refusals: a copy of proof that is not pdf/jpg/png (400
 * 111), over 10 MB (413) or whose content is not what its extension says (400 112). The legitimacy draft
 * writes no people (issue 21 item 2): the SPOC Assistant is invited and removed by the people handlers
 * alone (onboarding-steps-handlers.ts: a taken address is 409 EMAIL_TAKEN, a fourth person 409
 * TOO_MANY_PEOPLE), as by the API's people routes.
 */

export const MOCK_ONBOARDING_PARAM = 'mockOnboarding';
const SCENARIO_KEY = 'portal.mockOnboarding';

/** The scenario of `?mockOnboarding=` (remembered in session storage), else the remembered one, else REGISTERED. */
export function scenarioFromLocation(
  location: Pick<Location, 'search'> | undefined = globalThis.location,
  storage: Storage | undefined = globalThis.sessionStorage,
): OnboardingScenario {
  const fromUrl = location ? new URLSearchParams(location.search).get(MOCK_ONBOARDING_PARAM) : null;
  if (isOnboardingScenario(fromUrl)) {
    storage?.setItem(SCENARIO_KEY, fromUrl);
    return fromUrl;
  }
  const remembered = storage?.getItem(SCENARIO_KEY);
  return isOnboardingScenario(remembered) ? remembered : 'REGISTERED';
}

export const ONBOARDING_PATHS = {
  onboarding: '/api/onboarding',
  legitimacy: '/api/onboarding/legitimacy',
  copyOfProof: '/api/onboarding/legitimacy/copy-of-proof',
  submit: '/api/onboarding/legitimacy/submit',
  file: '/api/files/:id',
} as const;

const statusOf = (onboarding: Onboarding, type: 'LEGITIMACY' | 'CONTRACTUAL' | 'FINANCIAL') =>
  onboarding.checks[type]?.status ?? 'NOT_SUBMITTED';

const progressOf = (onboarding: Onboarding) => ({
  stage: onboarding.organisation.stage,
  legitimacyStatus: statusOf(onboarding, 'LEGITIMACY'),
  contractualStatus: statusOf(onboarding, 'CONTRACTUAL'),
  financialStatus: statusOf(onboarding, 'FINANCIAL'),
});

/** apps/api legitimacy-step.ts: the step is edited exactly when it may be submitted (domain canSubmit). */
function stepLocked(onboarding: Onboarding): Response | undefined {
  if (canSubmit('LEGITIMACY', progressOf(onboarding))) return undefined;
  const status = statusOf(onboarding, 'LEGITIMACY').toLowerCase().replaceAll('_', ' ');
  return apiError(
    409,
    'STEP_LOCKED',
    `The legitimacy step cannot be changed now: its check is ${status} (stage ${onboarding.organisation.stage.toLowerCase()})`,
  );
}

const readOnly = () => apiError(403, 'FORBIDDEN', 'Your access to this company is read-only');

/**
 * Stores the draft (apps/api legitimacy-draft.ts): company data, the SPOC, the authorised representative
 * and the MAHs. It writes no people: the SPOC Assistant and the people stay as they are (issue 21 item 2).
 */
function applyDraft(state: MockOnboardingState, draft: LegitimacyDraft): void {
  const { onboarding } = state;
  state.onboarding = {
    ...onboarding,
    organisation: { ...onboarding.organisation, version: onboarding.organisation.version + 1 },
    company: draft.company,
    spoc: draft.spoc,
    authorisedRepresentative: {
      ...draft.authorisedRepresentative,
      copyOfProof: onboarding.authorisedRepresentative.copyOfProof,
    },
    mahs: draft.mahs,
    // Before the legitimacy is approved, the register is the legitimacy step's MAHs (all active).
    mahRegister: {
      ...onboarding.mahRegister,
      mahs: draft.mahs.map((mah, index) => ({ ...mah, id: demoId('b1', index + 1), active: true })),
    },
  };
  state.onboarding = withDerived(state.onboarding);
}

/** apps/api storage: the first bytes of each type the copy of proof may be (content check 112). */
const SIGNATURES: Record<string, number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46],
  png: [0x89, 0x50, 0x4e, 0x47],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
};

async function contentMatches(file: File, extension: string): Promise<boolean> {
  const signature = SIGNATURES[extension];
  if (!signature) return true;
  const head = new Uint8Array(await file.slice(0, signature.length).arrayBuffer());
  return signature.every((byte, i) => head[i] === byte);
}

/** An upload's checks, in the API's order: extension (111), size (413), content (112). */
async function uploadRefusal(file: File, purpose: FilePurpose): Promise<Response | undefined> {
  const extension = extensionOf(file.name);
  if (!isAllowedExtension(purpose, file.name)) {
    const allowed = FILE_RULES[purpose].extensions.join(', ');
    return apiError(400, '111', `.${extension} files are not allowed here; allowed: ${allowed}`);
  }
  if (file.size > maxBytes(purpose)) {
    return apiError(413, 'FILE_TOO_LARGE', `The file is larger than ${FILE_RULES[purpose].maxMb} MB`);
  }
  if (!(await contentMatches(file, extension))) {
    return apiError(400, '112', `The file's content is not a .${extension} file`);
  }
  return undefined;
}

export interface OnboardingHandlersOptions {
  /** The state the demo company starts in; by default the one the URL or the tab chose (REGISTERED). */
  scenario?: OnboardingScenario;
}

/**
 * How mock mode's writes of the company's application start, as the API's do: `writable` refuses a
 * READ_ONLY user; `versionedWrite` also validates the body, then answers 409 to a stale version.
 */
export function applicationWrites(delayMs: number, state: MockOnboardingState) {
  const writable = (): Response | undefined =>
    state.onboarding.access === 'READ_ONLY' ? readOnly() : undefined;
  /**
   * A write of the application at the version the company read, as the API checks it: a READ_ONLY user is
   * refused, then the body is validated, then a stale version answers 409; `write` does the rest.
   */
  const versionedWrite = <T extends { version: number }>(
    schema: z.ZodType<T>,
    write: (input: T, request: Request, params: Record<string, unknown>) => Promise<Response>,
  ) =>
    protectedHandler(delayMs, async (request, params) => {
      const refused = writable();
      if (refused) return refused;
      const input = await readBody(request, schema);
      if (!input.ok) return input.response;
      if (input.value.version !== state.onboarding.organisation.version) return versionConflict();
      return write(input.value, request, params);
    });
  return { writable, versionedWrite };
}

/**
 * /api/onboarding (apps/api modules/onboarding) for the demo company: read the application, save the
 * legitimacy draft at a version, upload the copy of proof, submit; and download its stored files.
 */
export function onboardingHandlers(
  context: MockContext,
  options: OnboardingHandlersOptions = {},
): HttpHandler[] {
  const { delayMs, newId } = context;
  const state = createMockOnboarding(options.scenario ?? scenarioFromLocation());
  const { writable, versionedWrite } = applicationWrites(delayMs, state);

  /** The multipart upload's one file, checked for its purpose and stored: its summary, or the refusal. */
  const storeUpload = async (
    request: Request,
    purpose: FilePurpose,
  ): Promise<StoredFileSummary | Response> => {
    const form = await request.formData().catch(() => null);
    const file = form?.get('file');
    // A file part, not a text field (FormDataEntryValue is one or the other).
    if (file === null || file === undefined || typeof file === 'string') {
      return apiError(400, 'BAD_REQUEST', 'Send one file in the field "file"');
    }
    const invalid = await uploadRefusal(file, purpose);
    if (invalid) return invalid;
    const stored = {
      id: newId(),
      name: file.name,
      size: file.size,
      mime: file.type || 'application/octet-stream',
    };
    state.files.set(stored.id, { ...stored, body: file });
    return stored;
  };

  return [
    http.get(
      ONBOARDING_PATHS.onboarding,
      protectedHandler(delayMs, async () => HttpResponse.json(state.onboarding)),
    ),

    http.put(
      ONBOARDING_PATHS.legitimacy,
      protectedHandler(delayMs, async (request) => {
        const refused = writable();
        if (refused) return refused;
        const input = await readBody(request, legitimacyDraftSchema);
        if (!input.ok) return input.response;
        const draft = input.value;
        const { onboarding } = state;
        if (draft.version !== onboarding.organisation.version) return versionConflict();
        const locked = stepLocked(onboarding);
        if (locked) return locked;
        if (onboarding.organisation.orgTypeLocked && draft.company.orgType !== onboarding.company.orgType) {
          return apiError(
            409,
            'ORG_TYPE_LOCKED',
            'The organisation type cannot change after the first submission',
          );
        }
        applyDraft(state, draft);
        return HttpResponse.json(state.onboarding);
      }),
    ),

    http.post(
      ONBOARDING_PATHS.copyOfProof,
      protectedHandler(delayMs, async (request) => {
        const refused = writable() ?? stepLocked(state.onboarding);
        if (refused) return refused;
        const stored = await storeUpload(request, 'COPY_OF_PROOF');
        if (stored instanceof Response) return stored;
        const { onboarding } = state;
        state.onboarding = {
          ...onboarding,
          organisation: { ...onboarding.organisation, version: onboarding.organisation.version + 1 },
          authorisedRepresentative: { ...onboarding.authorisedRepresentative, copyOfProof: stored },
        };
        return HttpResponse.json(stored, { status: 201 });
      }),
    ),

    http.post(
      ONBOARDING_PATHS.submit,
      versionedWrite(submitLegitimacySchema, async (_input) => {
        const { onboarding } = state;
        const locked = stepLocked(onboarding);
        if (locked) return locked;
        const missing = missingForLegitimacy(onboarding);
        if (missing.length > 0) {
          return HttpResponse.json(
            missing.map((item) => ({ code: 'MISSING', ...item })),
            { status: 400 },
          );
        }
        const current = onboarding.checks.LEGITIMACY;
        const result = decide(
          { type: 'LEGITIMACY', status: current?.status ?? 'NOT_SUBMITTED', attempt: current?.attempt ?? 1 },
          'SUBMIT',
          { role: 'EXTERNAL', actor: DEMO_REQUESTER_EMAIL, now: new Date() },
        );
        if (!result.ok) return apiError(409, result.code, result.message);
        const { next } = result;
        const iso = (date: Date | null) => date?.toISOString() ?? null;
        const checks = {
          ...onboarding.checks,
          LEGITIMACY: {
            status: next.status,
            attempt: next.attempt,
            submittedAt: iso(next.submittedAt),
            slaDueAt: iso(next.slaDueAt),
            reason: next.reason,
            decidedAt: iso(next.decidedAt),
          },
        };
        const stage = stageAfterChecks({ ...progressOf(onboarding), legitimacyStatus: next.status });
        state.onboarding = {
          ...onboarding,
          organisation: {
            ...onboarding.organisation,
            stage,
            version: onboarding.organisation.version + 1,
            orgTypeLocked: true,
          },
          checks,
        };
        state.onboarding = withDerived(state.onboarding);
        return HttpResponse.json(state.onboarding);
      }),
    ),

    ...onboardingStepsHandlers(delayMs, state, { writable, versionedWrite, storeUpload, progressOf }),

    // The company's own files; any other id is left to other handlers.
    http.get(ONBOARDING_PATHS.file, async ({ request, params }) => {
      const file = state.files.get(String(params.id));
      if (!file) return undefined;
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      return new HttpResponse(file.body, {
        headers: {
          'content-type': file.mime,
          'content-length': String(file.size),
          'content-disposition': `attachment; filename="${file.name.replaceAll('"', '')}"`,
        },
      });
    }),
  ];
}
