import { type LegitimacyDraft, type OnboardingAnswer, onboardingApi } from '@portal/contracts';
import { missingForLegitimacy, words } from '@portal/domain';
import type { HttpHandler } from 'msw';
import { fileDownloadRoute } from './file-download';
import { demoId } from './mock-data';
import { apiError, type MockContext } from './mock-http';
import { mockRoute } from './mock-route';
import {
  createMockOnboarding,
  isOnboardingScenario,
  type MockOnboardingState,
  type OnboardingScenario,
} from './onboarding-data';
import { onboardingStepsHandlers } from './onboarding-steps-handlers';
import {
  bump,
  canEditLegitimacy,
  companyWrites,
  legitimacyStatusOf,
  missingAnswer,
  submitCheck,
} from './onboarding-writes';
import { technicalHandlers } from './technical-handlers';

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

/** apps/api legitimacy-step.ts: the step is edited exactly when it may be submitted (domain canSubmit). */
function stepLocked(onboarding: OnboardingAnswer): Response | undefined {
  if (canEditLegitimacy(onboarding)) return undefined;
  const status = words(legitimacyStatusOf(onboarding));
  return apiError(
    409,
    'STEP_LOCKED',
    `The legitimacy step cannot be changed now: its check is ${status} (stage ${onboarding.organisation.stage.toLowerCase()})`,
  );
}

/**
 * The draft stored (apps/api legitimacy-draft.ts): company data, the SPOC, the authorised representative
 * and the MAHs. It writes no people: the SPOC Assistant and the people stay as they are (issue 21 item 2).
 */
const withDraft = (onboarding: OnboardingAnswer, draft: LegitimacyDraft): OnboardingAnswer => ({
  ...onboarding,
  organisation: bump(onboarding),
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
});

export interface OnboardingHandlersOptions {
  /** The state the demo company starts in; by default the one the URL or the tab chose (REGISTERED). */
  scenario?: OnboardingScenario;
}

/** The legitimacy step's routes (contracts onboardingApi: the answer, the draft, the copy of proof, submit). */
function legitimacyHandlers(context: MockContext, state: MockOnboardingState): HttpHandler[] {
  const { write, versionedWrite, store, storeUpload } = companyWrites(context, state);
  return [
    mockRoute(context, onboardingApi.answer, async () => state.onboarding),

    versionedWrite(onboardingApi.saveLegitimacy, async ({ body }) => {
      const { onboarding } = state;
      const locked = stepLocked(onboarding);
      if (locked) return locked;
      if (onboarding.organisation.orgTypeLocked && body.company.orgType !== onboarding.company.orgType) {
        return apiError(
          409,
          'ORG_TYPE_LOCKED',
          'The organisation type cannot change after the first submission',
        );
      }
      return store(withDraft(onboarding, body));
    }),

    write(onboardingApi.uploadCopyOfProof, async ({ body }) => {
      const locked = stepLocked(state.onboarding);
      if (locked) return locked;
      const stored = await storeUpload(body, 'COPY_OF_PROOF');
      if (stored instanceof Response) return stored;
      const { onboarding } = state;
      state.onboarding = {
        ...onboarding,
        organisation: bump(onboarding),
        authorisedRepresentative: { ...onboarding.authorisedRepresentative, copyOfProof: stored },
      };
      return stored;
    }),

    versionedWrite(onboardingApi.submitLegitimacy, async () => {
      const { onboarding } = state;
      const locked = stepLocked(onboarding);
      if (locked) return locked;
      const missing = missingForLegitimacy(onboarding);
      if (missing.length > 0) return missingAnswer(missing);
      const submitted = submitCheck(onboarding, 'LEGITIMACY');
      if (submitted instanceof Response) return submitted;
      const { check: legitimacy, stage } = submitted;
      return store({
        ...onboarding,
        organisation: { ...bump(onboarding), stage, orgTypeLocked: true },
        checks: { ...onboarding.checks, LEGITIMACY: legitimacy },
      });
    }),
  ];
}

/**
 * /api/onboarding (apps/api modules/onboarding) for the demo company, over one state: the legitimacy step,
 * the later steps and people (onboarding-steps-handlers.ts), the technical step (technical-handlers.ts),
 * and the download of the company's stored files (any other id is left to other handlers).
 */
export function onboardingHandlers(
  context: MockContext,
  options: OnboardingHandlersOptions = {},
): HttpHandler[] {
  const state = createMockOnboarding(options.scenario ?? scenarioFromLocation());
  return [
    ...legitimacyHandlers(context, state),
    ...onboardingStepsHandlers(context, state),
    ...technicalHandlers(context, state),
    fileDownloadRoute(context, (id) => state.files.get(id)),
  ];
}
